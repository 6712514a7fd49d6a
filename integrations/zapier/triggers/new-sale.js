'use strict';

const { apiUrl } = require('../api');
const { hookTrigger, listLimit, newestFirst } = require('../hooks');
const samples = require('../samples');
const outputFields = require('../output-fields');

/** GET /api/v1/sales?limit=N: real sales (with their commission) for Zap set-up. */
const performList = async (z, bundle) => {
  const response = await z.request({ url: apiUrl('/sales'), params: { limit: listLimit(bundle) } });
  return newestFirst(response.data);
};

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
