'use strict';

const { hookTrigger, newestRecords } = require('../hooks');
const samples = require('../samples');
const outputFields = require('../output-fields');

/** The newest referrals, as GET /api/v1/referrals?id= returns them: real records for Zap set-up. */
const performList = (z, bundle) => newestRecords(z, bundle, { field: 'referrals', path: '/referrals' });

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
