'use strict';

const { apiUrl, compact, toNumber, toBoolean } = require('../api');
const samples = require('../samples');
const outputFields = require('../output-fields');

/** POST /api/v1/affiliates: the created affiliate with its first link. */
const perform = async (z, bundle) => {
  const input = bundle.inputData;
  const response = await z.request({
    method: 'POST',
    url: apiUrl('/affiliates'),
    body: compact({
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      affiliateLink: input.affiliateLink,
      commissionRate: toNumber(z, input.commissionRate, 'Commission Rate'),
      affiliateStatus: input.affiliateStatus,
      sendWelcomeEmail: toBoolean(input.sendWelcomeEmail),
      commissionPlanId: input.commissionPlanId,
      affiliateGroupId: input.affiliateGroupId,
    }),
  });
  return response.data;
};

module.exports = {
  key: 'create_affiliate',
  noun: 'Affiliate',
  display: {
    label: 'Create Affiliate',
    description: 'Adds an affiliate to your program, with their first affiliate link.',
  },
  operation: {
    inputFields: [
      { key: 'firstName', label: 'First Name', required: true, helpText: '1 to 200 characters.' },
      { key: 'lastName', label: 'Last Name', required: true, helpText: '1 to 200 characters.' },
      { key: 'email', label: 'Email', required: true, helpText: 'A valid email address not yet used by another affiliate of the program.' },
      {
        key: 'affiliateLink',
        label: 'Affiliate Link Slug',
        required: false,
        helpText:
          'Slug of the first link: letters, numbers and hyphens, at most 100 characters. Generated from the email when left blank; a slug already in use fails (no other is chosen).',
      },
      {
        key: 'commissionRate',
        label: 'Commission Rate (%)',
        type: 'number',
        required: false,
        helpText: 'Percentage, 0 to 100. Left blank, the affiliate inherits its commission plan or the program default rate.',
      },
      {
        key: 'affiliateStatus',
        label: 'Status',
        required: false,
        choices: { active: 'Active', pending: 'Pending', inactive: 'Inactive', rejected: 'Rejected' },
        helpText: "Left blank, the program's auto-approve setting decides: active, else pending.",
      },
      {
        key: 'sendWelcomeEmail',
        label: 'Send Welcome Email',
        type: 'boolean',
        required: false,
        helpText: 'No: no welcome email. Default yes; only active affiliates get one.',
      },
      {
        key: 'commissionPlanId',
        label: 'Commission Plan ID',
        required: false,
        helpText: 'A commission plan of the program (UUID); with a group, a plan of that group.',
      },
      { key: 'affiliateGroupId', label: 'Affiliate Group ID', required: false, helpText: 'An affiliate group of the program (UUID).' },
    ],
    perform,
    sample: samples.affiliate,
    outputFields: outputFields.affiliate,
  },
};
