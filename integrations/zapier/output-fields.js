'use strict';

// Labels of the fields Zapier shows for each resource (the bodies of openapi.json; the rest are shown by key).

const affiliate = [
  { key: 'id', label: 'Affiliate ID' },
  { key: 'firstName', label: 'First Name' },
  { key: 'lastName', label: 'Last Name' },
  { key: 'name', label: 'Name' },
  { key: 'email', label: 'Email' },
  { key: 'affiliateLinks[]', label: 'Link Slugs' },
  { key: 'commissionRate', label: 'Commission Rate (%)', type: 'number' },
  { key: 'affiliateStatus', label: 'Status' },
  { key: 'numberOfReferredUsers', label: 'Referred Users', type: 'integer' },
  { key: 'numberOfClicks', label: 'Clicks', type: 'integer' },
  { key: 'totalCommissionEarned', label: 'Total Commission Earned', type: 'number' },
  { key: 'createdAt', label: 'Created At', type: 'datetime' },
];

const referral = [
  { key: 'id', label: 'Referral ID' },
  { key: 'affiliateId', label: 'Affiliate ID' },
  { key: 'name', label: 'Name' },
  { key: 'email', label: 'Email' },
  { key: 'referredUserExternalId', label: 'Referred User External ID' },
  { key: 'subscriptionStatus', label: 'Subscription Status' },
  { key: 'status', label: 'Status' },
  { key: 'selfReferral', label: 'Self-Referral', type: 'boolean' },
  { key: 'promoCode', label: 'Promo Code' },
  { key: 'createdAt', label: 'Created At', type: 'datetime' },
];

const sale = [
  { key: 'id', label: 'Sale ID', type: 'integer' },
  { key: 'externalId', label: 'External ID' },
  { key: 'externalInvoiceId', label: 'External Invoice ID' },
  { key: 'affiliateId', label: 'Affiliate ID' },
  { key: 'referralId', label: 'Referral ID' },
  { key: 'name', label: 'Customer Name' },
  { key: 'email', label: 'Customer Email' },
  { key: 'currency', label: 'Currency' },
  { key: 'totalEarned', label: 'Total', type: 'number' },
  { key: 'tax', label: 'Tax', type: 'number' },
  { key: 'shipping', label: 'Shipping', type: 'number' },
  { key: 'commissionRate', label: 'Commission Rate (%)', type: 'number' },
  { key: 'commissionEarned', label: 'Commission Earned', type: 'number' },
  { key: 'commissionStatus', label: 'Commission Status' },
  { key: 'refunded', label: 'Refunded', type: 'boolean' },
  { key: 'refundedAt', label: 'Refunded At', type: 'datetime' },
  { key: 'commissionLimitReached', label: 'Commission Limit Reached', type: 'boolean' },
  { key: 'createdAt', label: 'Created At', type: 'datetime' },
];

const commission = [
  { key: 'id', label: 'Commission ID' },
  { key: 'saleId', label: 'Sale ID', type: 'integer' },
  { key: 'affiliateId', label: 'Affiliate ID' },
  { key: 'rate', label: 'Rate (%)', type: 'number' },
  { key: 'currency', label: 'Currency' },
  { key: 'status', label: 'Status' },
  { key: 'amount', label: 'Amount', type: 'number' },
  { key: 'base', label: 'Base Amount', type: 'number' },
  { key: 'holdUntil', label: 'Held Until', type: 'datetime' },
  { key: 'approvedAt', label: 'Approved At', type: 'datetime' },
  { key: 'createdAt', label: 'Created At', type: 'datetime' },
];

module.exports = { affiliate, referral, sale, commission };
