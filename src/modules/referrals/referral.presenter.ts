import { definePresenter, present, type PresentDeps } from '../presenter';
import type { Referral } from './referral.entity';
import { referralStatus } from './referral.rules';

/** A referral as the API shows it. */
export const referralPresenter = definePresenter<Referral>()({
  typeName: 'Referral',
  same: [
    'id',
    'affiliateId',
    'linkId',
    'clickId',
    'promoCode',
    'name',
    'email',
    'referredUserExternalId',
    'subscriptionStatus',
    'selfReferral',
    'createdAt',
    'updatedAt',
  ],
  computed: {
    /** active while subscriptionStatus is active or trialing. */
    status: (r) => referralStatus(r.subscriptionStatus),
  },
  relations: {},
  graphqlOnly: ['affiliate'],
});

/** A referral's body needs nothing loaded. */
const NOTHING = {} as PresentDeps;

/** A referral's public body (an event payload). */
export const referralBody = (r: Referral) => present(referralPresenter, r, NOTHING);
