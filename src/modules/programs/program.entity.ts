import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { newId } from '../../common/ids';
import { newPublishableKey, type AttributionModel } from './program.rules';

/** The tenant: one affiliate program and its settings. */
@Entity({ tableName: 'programs' })
export class Program {
  [OptionalProps]?:
    | 'id'
    | 'domain'
    | 'logoUrl'
    | 'currency'
    | 'baseUrls'
    | 'defaultCommissionRate'
    | 'autoApproveAffiliates'
    | 'deductTax'
    | 'deductShipping'
    | 'refundWindowDays'
    | 'commissionHoldDays'
    | 'affiliateLimit'
    | 'monthlyReferralLimit'
    | 'readsPerMinute'
    | 'writesPerMinute'
    | 'publishableKey'
    | 'cookieWindowDays'
    | 'attributionModel'
    | 'portalEnabled'
    | 'portalSignupOpen'
    | 'portalTerms'
    | 'minimumPayout'
    | 'createdAt'
    | 'updatedAt';
  @PrimaryKey({ type: 'uuid' }) id: string = newId();
  @Property({ type: 'uuid' }) ownerId!: string;
  @Property({ type: 'text' }) name!: string;
  @Property({ type: 'text', nullable: true }) domain: string | null = null;
  @Property({ type: 'text', nullable: true }) logoUrl: string | null = null;
  @Property({ type: 'text' }) currency: string = 'USD';
  @Property({ type: 'text[]' }) baseUrls: string[] = [];
  /** Percentage, exact decimal string. */
  @Property({ type: 'decimal', precision: 9, scale: 4 }) defaultCommissionRate: string = '20';
  @Property({ type: 'boolean' }) autoApproveAffiliates: boolean = true;
  @Property({ type: 'boolean' }) deductTax: boolean = false;
  @Property({ type: 'boolean' }) deductShipping: boolean = false;
  @Property({ type: 'integer' }) refundWindowDays: number = 30;
  /** Optional holding period before a commission is approved. */
  @Property({ type: 'integer', nullable: true }) commissionHoldDays: number | null = null;
  @Property({ type: 'integer', nullable: true }) affiliateLimit: number | null = null;
  @Property({ type: 'integer', nullable: true }) monthlyReferralLimit: number | null = null;
  @Property({ type: 'integer' }) readsPerMinute: number = 600;
  @Property({ type: 'integer' }) writesPerMinute: number = 120;
  /** The merchant-site tracker's key (`pk_…`): public (it is in the merchant's pages); it may only record clicks. */
  @Property({ type: 'text' }) publishableKey: string = newPublishableKey();
  /** Days the tracker's cookie keeps a click on the merchant's site. */
  @Property({ type: 'integer' }) cookieWindowDays: number = 60;
  /** Which click a second `ref` in the same browser keeps, within the cookie window. */
  @Property({ type: 'text' }) attributionModel: AttributionModel = 'first_click';
  /** The portal's address: `<PUBLIC_URL>/portal/<portalSlug>`; lowercase letters, digits and hyphens, unique across programs. */
  @Property({ type: 'text' }) portalSlug!: string;
  /** Whether the affiliates' portal answers at all. */
  @Property({ type: 'boolean' }) portalEnabled: boolean = true;
  /** Whether the portal's first page takes applications (sign-up); signing in stays open either way. */
  @Property({ type: 'boolean' }) portalSignupOpen: boolean = true;
  /** Terms an applicant must accept to sign up; none when null. */
  @Property({ type: 'text', nullable: true }) portalTerms: string | null = null;
  /** The least an affiliate's approved commissions must add up to before a payout batch pays it (program currency). */
  @Property({ type: 'decimal', precision: 18, scale: 6 }) minimumPayout: string = '0';
  @Property({ type: 'timestamptz' }) createdAt: Date = new Date();
  @Property({ type: 'timestamptz', onUpdate: () => new Date() }) updatedAt: Date = new Date();
}
