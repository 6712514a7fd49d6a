'use strict';

const { hookTrigger, newestRecords } = require('../hooks');
const samples = require('../samples');
const outputFields = require('../output-fields');

/** The newest refunded sales, as GET /api/v1/sales?id= returns them: real refunds for Zap set-up. */
const performList = (z, bundle) => newestRecords(z, bundle, { field: 'sales', path: '/sales', filter: '{ refunded: true }' });

module.exports = hookTrigger({
  key: 'sale_refunded',
  noun: 'Sale',
  label: 'Sale Refunded',
  description: 'Triggers when a sale is refunded and its commission reversed.',
  event: 'sale.refunded',
  performList,
  sample: samples.refundedSale,
  outputFields: outputFields.sale,
});
