'use strict';

const { apiUrl } = require('../api');
const { hookTrigger, listLimit, newestFirst } = require('../hooks');
const samples = require('../samples');
const outputFields = require('../output-fields');

/** GET /api/v1/affiliates?limit=N: real affiliates for Zap set-up. */
const performList = async (z, bundle) => {
  const response = await z.request({ url: apiUrl('/affiliates'), params: { limit: listLimit(bundle) } });
  return newestFirst(response.data);
};

module.exports = hookTrigger({
  key: 'new_affiliate',
  noun: 'Affiliate',
  label: 'New Affiliate',
  description: 'Triggers when an affiliate joins your program (created through the API, the dashboard or a sign-up).',
  event: 'affiliate.created',
  performList,
  sample: samples.affiliate,
  outputFields: outputFields.affiliate,
});
