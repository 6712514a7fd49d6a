'use strict';

const { hookTrigger, newestRecords } = require('../hooks');
const samples = require('../samples');
const outputFields = require('../output-fields');

/** The newest sales (with their commission), as GET /api/v1/sales?id= returns them: real records for Zap set-up. */
const performList = (z, bundle) => newestRecords(z, bundle, { field: 'sales', path: '/sales' });

module.exports = hookTrigger({
  key: 'new_sale',
  noun: 'Sale',
  label: 'New Sale',
  description: 'Triggers when a sale is credited to one of your affiliates, with the commission it earned.',
  event: 'sale.created',
  performList,
  sample: samples.sale,
  outputFields: outputFields.sale,
});
