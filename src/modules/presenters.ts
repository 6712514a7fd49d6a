import { affiliatePresenter } from './affiliates/affiliate.presenter';
import { commissionPresenter } from './commissions/commission.presenter';
import { autoCouponRulePresenter } from './coupons/coupon.presenter';
import { payoutBatchPresenter } from './payouts/payout-batch.presenter';
import { payoutPresenter } from './payouts/payout.presenter';
import type { Presenter } from './presenter';
import { couponPresenter, promotionalCodePresenter } from './promo-codes/promotional-code.presenter';
import { referralPresenter } from './referrals/referral.presenter';
import { salePresenter } from './sales/sale.presenter';

/** Every resource whose body is described by a presenter; src/graphql/presenters.ts resolves their types from these. */
export const PRESENTERS: ReadonlyArray<Presenter<any, any, any>> = [
  affiliatePresenter,
  referralPresenter,
  salePresenter,
  couponPresenter,
  promotionalCodePresenter,
  autoCouponRulePresenter,
  commissionPresenter,
  payoutBatchPresenter,
  payoutPresenter,
];
