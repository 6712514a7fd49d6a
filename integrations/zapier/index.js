'use strict';

const authentication = require('./authentication');
const { addBearerToken, handleErrors } = require('./middleware');

const newAffiliate = require('./triggers/new-affiliate');
const newReferral = require('./triggers/new-referral');
const newSale = require('./triggers/new-sale');
const saleRefunded = require('./triggers/sale-refunded');
const commissionApproved = require('./triggers/commission-approved');
const createAffiliate = require('./creates/create-affiliate');
const createReferral = require('./creates/create-referral');
const recordSale = require('./creates/record-sale');
const refundSale = require('./creates/refund-sale');
const findAffiliate = require('./searches/find-affiliate');

const byKey = (...definitions) => Object.fromEntries(definitions.map((d) => [d.key, d]));

/** The Zapier app of the Affiliate Program API: OAuth 2.0, five REST-hook triggers, four actions and a search. */
module.exports = {
  version: require('./package.json').version,
  platformVersion: require('zapier-platform-core').version,

  authentication,
  beforeRequest: [addBearerToken],
  afterResponse: [handleErrors],

  triggers: byKey(newAffiliate, newReferral, newSale, saleRefunded, commissionApproved),
  creates: byKey(createAffiliate, createReferral, recordSale, refundSale),
  searches: byKey(findAffiliate),
  searchOrCreates: {
    [findAffiliate.key]: {
      key: findAffiliate.key,
      display: { label: 'Find or Create Affiliate', description: 'Finds an affiliate by email, or creates one when none has it.' },
      search: findAffiliate.key,
      create: createAffiliate.key,
    },
  },
};
