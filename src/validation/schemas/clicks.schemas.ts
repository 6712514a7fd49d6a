import { Body, Nullable, RequiredText, Text, type Input } from '../kit';

/** POST /clicks, GraphQL RecordClickInput. */
export const RecordClickBody = Body({
  link: RequiredText(200),
  referrer: Nullable(Text(2000)),
  userAgent: Nullable(Text(1000)),
  ip: Nullable(Text(100)),
  landingUrl: Nullable(Text(2000)),
});
export type RecordClickBody = Input<typeof RecordClickBody>;

/** POST /public/clicks (the tracker, with the publishable key), GraphQL PublicClickInput. */
export const PublicClickBody = Body({
  ref: RequiredText(200),
  clickId: Nullable(Text(32)),
  landingUrl: Nullable(Text(2000)),
  referrer: Nullable(Text(2000)),
});
export type PublicClickBody = Input<typeof PublicClickBody>;
