'use strict';

const { apiUrl } = require('../api');
const samples = require('../samples');
const outputFields = require('../output-fields');

/** GET /api/v1/affiliates?email=: the one affiliate with that email, or none. */
const perform = async (z, bundle) => {
  const response = await z.request({ url: apiUrl('/affiliates'), params: { email: String(bundle.inputData.email).trim() } });
  return response.data ? [response.data] : [];
};

module.exports = {
  key: 'find_affiliate',
  noun: 'Affiliate',
  display: {
    label: 'Find Affiliate',
    description: 'Finds an affiliate of your program by email address.',
  },
  operation: {
    inputFields: [{ key: 'email', label: 'Email', required: true, helpText: "The affiliate's email address (matched case-insensitively)." }],
    perform,
    sample: samples.affiliate,
    outputFields: outputFields.affiliate,
  },
};
