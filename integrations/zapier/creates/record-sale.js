'use strict';

const { apiUrl, compact, toNumber } = require('../api');
const samples = require('../samples');
const outputFields = require('../output-fields');

/** POST /api/v1/sales: the recorded sale with its commission. */
const perform = async (z, bundle) => {
  const input = bundle.inputData;
  const response = await z.request({
    method: 'POST',
    url: apiUrl('/sales'),
    body: compact({
      referralId: input.referralId,
      email: input.email,
      promoCode: input.promoCode,
      name: input.name,
      totalEarned: toNumber(z, input.totalEarned, 'Total'),
      commissionRate: toNumber(z, input.commissionRate, 'Commission Rate'),
      tax: toNumber(z, input.tax, 'Tax'),
      shipping: toNumber(z, input.shipping, 'Shipping'),
      externalId: input.externalId,
      externalInvoiceId: input.externalInvoiceId,
    }),
  });
  // null: no affiliate could be credited (a customer nobody referred), so nothing was recorded. Not a failure.
  if (!response.data)
    throw new z.errors.HaltedError('No affiliate could be credited with this sale (no matching referral, affiliate or promo code): nothing was recorded.');
  return response.data;
};

module.exports = {
  key: 'record_sale',
  noun: 'Sale',
  display: {
    label: 'Record Sale',
    description: 'Records a sale and the commission it earns the affiliate who referred the customer.',
  },
  operation: {
    inputFields: [
      {
        key: 'referralId',
        label: 'Referral or Affiliate',
        required: false,
        helpText:
          'Who is credited: a referral ID, an affiliate ID, a link slug or a numeric click ID. Tried first; else the Customer Email is looked up among referrals; else the Promo Code.',
      },
      {
        key: 'email',
        label: 'Customer Email',
        required: false,
        helpText: "The customer's email. When no Referral or Affiliate is given, the affiliate of the referral with this email is credited.",
      },
      {
        key: 'promoCode',
        label: 'Promo Code',
        required: false,
        helpText: 'A promotional code used at checkout: checked and redeemed; its affiliate is credited when no other owner is found.',
      },
      {
        key: 'name',
        label: 'Customer Name',
        required: false,
        helpText: "The customer's name, at most 200 characters. Taken from the matched referral when left blank.",
      },
      {
        key: 'totalEarned',
        label: 'Total',
        type: 'number',
        required: true,
        helpText: "The sale total in the program's currency, as a decimal number (e.g. 99.90). Non-zero; negative for adjustments.",
      },
      {
        key: 'commissionRate',
        label: 'Commission Rate (%)',
        type: 'number',
        required: false,
        helpText: "Overrides the affiliate's rate for this sale only. Percentage, 0 to 100.",
      },
      {
        key: 'tax',
        label: 'Tax',
        type: 'number',
        required: false,
        helpText: 'Zero or more; deducted before the commission when the program deducts tax.',
      },
      {
        key: 'shipping',
        label: 'Shipping',
        type: 'number',
        required: false,
        helpText: 'Zero or more; deducted before the commission when the program deducts shipping.',
      },
      {
        key: 'externalId',
        label: 'External ID',
        required: false,
        helpText: "The sale's ID in your system (e.g. a charge or order ID). Recorded once: a repeat returns the first sale instead of a second one.",
      },
      { key: 'externalInvoiceId', label: 'External Invoice ID', required: false, helpText: 'The invoice ID in your system.' },
    ],
    perform,
    sample: samples.sale,
    outputFields: outputFields.sale,
  },
};
