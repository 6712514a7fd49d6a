import { Arg, Args, Ctx, Mutation, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context';
import { ValidateArgs } from '../input-validation';
import { ProgramArg } from '../types/args.type';
import { AFFILIATE_KEY, NOT_PARTNER } from '../types/descriptions';
import { AffiliatePortalLinkType } from '../types/portal.type';
import { AffiliatePortalLinkBody } from '../../validation/schemas/portal.schemas';

/** The affiliates' portal as the program's own app reaches it (DESIGN.md "The affiliates' own portal", Embedding). */
@Resolver(() => AffiliatePortalLinkType)
export class PortalResolver {
  @ValidateArgs(AffiliatePortalLinkBody.properties)
  @Mutation(() => AffiliatePortalLinkType, {
    description: `A single-use link, valid 5 minutes, that signs the affiliate into the program's portal (for your app to open or frame). NOT_FOUND when no affiliate matches; VALIDATION_FAILED when the portal is turned off (portalEnabled) or the affiliate was rejected. ${NOT_PARTNER}`,
  })
  createAffiliatePortalLink(
    @Args() { programId }: ProgramArg,
    @Arg('affiliateId', () => String, { description: AFFILIATE_KEY }) affiliateId: string,
    @Ctx() ctx: GraphQLContext,
  ) {
    return ctx.services.portalAccess.createPortalLink(ctx, programId, affiliateId);
  }
}
