'use strict';

const { hookTrigger, newestRecords } = require('../hooks');
const samples = require('../samples');
const outputFields = require('../output-fields');

/** The newest affiliates, as GET /api/v1/affiliates?id= returns them: real records for Zap set-up. */
const performList = (z, bundle) => newestRecords(z, bundle, { field: 'affiliates', path: '/affiliates' });

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
