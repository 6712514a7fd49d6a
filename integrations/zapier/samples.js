'use strict';

// Sample records shaped exactly like the API's bodies (openapi.json components Affiliate, Referral, Sale,
// Commission): what Zapier shows while a Zap is set up and no real record has been pulled in yet.

const affiliate = {
  id: '01a1fbb8-4c2e-7d3a-9b1f-2e4d6c8a0b12',
  firstName: 'Ada',
  lastName: 'Lovelace',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  programId: '01a1fbb8-0f3b-7c55-8d21-6a9e4b7c3d10',
  affiliateLinks: ['ada'],
  link: null,
  commissionRate: 20,
  affiliateStatus: 'active',
  commissionPlanId: null,
  affiliateGroupId: null,
  numberOfReferredUsers: 0,
  numberOfClicks: 0,
  totalCommissionEarned: 0,
  createdAt: '2026-11-02T09:15:00.000Z',
  updatedAt: '2026-11-02T09:15:00.000Z',
};

const referral = {
  id: '01a1fbb9-2d7e-7a41-b3c8-5f0e9d1a2b34',
  affiliateId: affiliate.id,
  linkId: '01a1fbb8-4c31-7e02-8a6d-3b5f7c9e1d23',
  clickId: null,
  promoCode: null,
  name: 'Grace Hopper',
  email: 'grace@example.com',
  referredUserExternalId: 'cus_123',
  subscriptionStatus: 'active',
  status: 'active',
  selfReferral: false,
  createdAt: '2026-11-03T14:02:00.000Z',
  updatedAt: '2026-11-03T14:02:00.000Z',
};

const sale = {
  id: 1042,
  externalId: 'in_1001',
  externalInvoiceId: null,
  affiliateId: affiliate.id,
  referralId: referral.id,
  linkId: referral.linkId,
  promoCode: null,
  name: 'Grace Hopper',
  email: 'grace@example.com',
  currency: 'USD',
  totalEarned: 120,
  tax: 20,
  shipping: null,
  commissionRate: 20,
  commissionEarned: 24,
  commissionStatus: 'approved',
  refunded: false,
  refundedAt: null,
  commissionLimitReached: false,
  createdAt: '2026-11-04T10:30:00.000Z',
  updatedAt: '2026-11-04T10:30:00.000Z',
};

const refundedSale = {
  ...sale,
  commissionEarned: 0,
  commissionStatus: 'reversed',
  refunded: true,
  refundedAt: '2026-11-05T08:00:00.000Z',
  updatedAt: '2026-11-05T08:00:00.000Z',
};

const commission = {
  id: '01a1fbba-7b10-7c2d-9e4f-1a3b5c7d9e01',
  saleId: sale.id,
  affiliateId: affiliate.id,
  rate: 20,
  currency: 'USD',
  status: 'approved',
  amount: 24,
  base: 120,
  holdUntil: null,
  approvedAt: '2026-11-04T10:30:00.000Z',
  payoutBatchId: null,
  paidAt: null,
  paidManually: false,
  reversedAt: null,
  createdAt: '2026-11-04T10:30:00.000Z',
};

module.exports = { affiliate, referral, sale, refundedSale, commission };
