import { Field, ObjectType } from 'type-graphql';

@ObjectType('AffiliatePortalLink', {
  description: "A single-use link that signs one affiliate into its program's portal, for the program's own app to open or frame.",
})
export class AffiliatePortalLinkType {
  @Field({
    description: '<PUBLIC_URL>/portal/<portalSlug>/sign-in/<token>: opened once, it signs the affiliate in (a 30-day portal session). Treat it as a secret.',
  })
  url!: string;
  @Field({ description: 'When the link stops working (5 minutes after it was made): an ISO 8601 date-time in UTC.' }) expiresAt!: Date;
}
