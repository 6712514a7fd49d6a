'use strict';

const { apiUrl } = require('../api');
const { hookTrigger, listLimit, newestFirst } = require('../hooks');
const samples = require('../samples');
const outputFields = require('../output-fields');

/** GET /api/v1/sales?limit=500 (the largest page), keeping the refunded ones: real refunds for Zap set-up. */
const performList = async (z, bundle) => {
  const response = await z.request({ url: apiUrl('/sales'), params: { limit: 500 } });
  return newestFirst(response.data.filter((sale) => sale.refunded)).slice(0, listLimit(bundle));
};

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
