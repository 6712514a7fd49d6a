'use strict';

const { apiUrl, compact } = require('../api');
const samples = require('../samples');
const outputFields = require('../output-fields');

/** POST /api/v1/referrals: the recorded referral. */
const perform = async (z, bundle) => {
  const input = bundle.inputData;
  const response = await z.request({
    method: 'POST',
    url: apiUrl('/referrals'),
    body: compact({
      affiliateId: input.affiliateId,
      affiliateEmail: input.affiliateEmail,
      promoCode: input.promoCode,
      name: input.name,
      email: input.email,
      referredUserExternalId: input.referredUserExternalId,
    }),
  });
  if (!response.data) throw new z.errors.Error('The referral was recorded but could not be read back by its email.', 'REFERRAL_NOT_FOUND', response.status);
  return response.data;
};

const ONE_OF = 'Fill in exactly one of Affiliate, Affiliate Email and Promo Code.';

module.exports = {
  key: 'create_referral',
  noun: 'Referral',
  display: {
    label: 'Create Referral',
    description: 'Records a user who signed up through one of your affiliates.',
  },
  operation: {
    inputFields: [
      {
        key: 'affiliateId',
        label: 'Affiliate',
        required: false,
        helpText: `The affiliate credited: its ID (UUID), one of its link slugs or a numeric click ID. ${ONE_OF}`,
      },
      { key: 'affiliateEmail', label: 'Affiliate Email', required: false, helpText: `The credited affiliate's email. ${ONE_OF}` },
      {
        key: 'promoCode',
        label: 'Promo Code',
        required: false,
        helpText: `A promotional code; its affiliate is credited. It must exist, be active and unexpired, be under its limits and have an affiliate; it is then redeemed. ${ONE_OF}`,
      },
      { key: 'name', label: 'Name', required: true, helpText: "The referred user's name, 1 to 200 characters." },
      { key: 'email', label: 'Email', required: true, helpText: "The referred user's email address." },
      {
        key: 'referredUserExternalId',
        label: 'Referred User External ID',
        required: true,
        helpText: "The referred user's ID in your own system (e.g. your customer ID), 1 to 200 characters.",
      },
    ],
    perform,
    sample: samples.referral,
    outputFields: outputFields.referral,
  },
};
