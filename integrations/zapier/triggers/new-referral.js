'use strict';

const { apiUrl } = require('../api');
const { hookTrigger, listLimit, newestFirst } = require('../hooks');
const samples = require('../samples');
const outputFields = require('../output-fields');

/** GET /api/v1/referrals?limit=N: real referrals for Zap set-up. */
const performList = async (z, bundle) => {
  const response = await z.request({ url: apiUrl('/referrals'), params: { limit: listLimit(bundle) } });
  return newestFirst(response.data);
};

module.exports = hookTrigger({
  key: 'new_referral',
  noun: 'Referral',
  label: 'New Referral',
  description: 'Triggers when a referred user is recorded for one of your affiliates.',
  event: 'referral.created',
  performList,
  sample: samples.referral,
  outputFields: outputFields.referral,
});
