'use strict';

const { describe, expect, test } = require('@jest/globals');
const { validateAppDefinition } = require('zapier-platform-schema');
const App = require('..');
const { definition, validationErrors } = require('../scripts/validate');

describe('the app definition', () => {
  test('is valid for zapier-platform-schema, as `zapier push` uploads it', async () => {
    expect(await validationErrors()).toEqual([]);
  });

  test('the validation is real: a broken definition has errors', async () => {
    const broken = await definition();
    delete broken.creates.record_sale.operation.inputFields[4].key;
    broken.triggers.new_sale.key = 'new sale';
    expect(validateAppDefinition(broken).errors.map((e) => e.property)).toEqual(
      expect.arrayContaining(['instance.creates.record_sale.operation.inputFields[4]', 'instance.triggers.new_sale.key']),
    );
  });

  test('oauth2 without refresh, five REST-hook triggers, four creates, a search', () => {
    expect(App.authentication.type).toBe('oauth2');
    expect(App.authentication.oauth2Config.autoRefresh).toBe(false);
    expect(App.authentication.oauth2Config.refreshAccessToken).toBeUndefined();
    expect(App.platformVersion).toBe('19.1.0');
    expect(Object.keys(App.triggers).sort()).toEqual(['commission_approved', 'new_affiliate', 'new_referral', 'new_sale', 'sale_refunded']);
    for (const trigger of Object.values(App.triggers)) {
      expect(trigger.operation.type).toBe('hook');
      for (const f of ['performSubscribe', 'performUnsubscribe', 'perform', 'performList']) expect(typeof trigger.operation[f]).toBe('function');
    }
    expect(Object.keys(App.creates).sort()).toEqual(['create_affiliate', 'create_referral', 'record_sale', 'refund_sale']);
    expect(Object.keys(App.searches)).toEqual(['find_affiliate']);
  });

  test('required input fields are the ones the API requires', () => {
    const required = (create) => create.operation.inputFields.filter((f) => f.required).map((f) => f.key);
    expect(required(App.creates.create_affiliate)).toEqual(['firstName', 'lastName', 'email']);
    expect(required(App.creates.create_referral)).toEqual(['name', 'email', 'referredUserExternalId']);
    expect(required(App.creates.record_sale)).toEqual(['totalEarned']);
    expect(required(App.creates.refund_sale)).toEqual(['saleId']);
    expect(required(App.searches.find_affiliate)).toEqual(['email']);
    for (const action of [...Object.values(App.creates), ...Object.values(App.searches)]) {
      for (const field of action.operation.inputFields)
        expect({ key: field.key, label: typeof field.label, helpText: typeof field.helpText }).toEqual({ key: field.key, label: 'string', helpText: 'string' });
    }
  });
});
