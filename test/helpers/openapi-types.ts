// Generated from openapi.json (GET /api/v1/openapi.json) by `npm run openapi` with openapi-typescript.
// Do not edit: run `npm run openapi` after changing a route; test/unit/openapi-files.spec.ts fails when it is stale.

export interface paths {
    "/affiliates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Look an affiliate up, or list every affiliate
         * @description With `id` (an affiliate UUID, one of its link slugs or a numeric click id) or `email`: the one affiliate, or `null` when nothing matches (`email` is ignored when `id` is set). With neither: every affiliate of the program as one array, or one page of it with `limit` (the next page via `after` = the `X-Next-Cursor` header).
         */
        get: operations["getAffiliates"];
        /**
         * Update an affiliate
         * @description Identifies the affiliate by `affiliateId` or `emailAddress` and applies the other fields sent; `affiliateLink` adds another link (it does not rename one). Answers how many affiliates were updated: 0 when none matched. Fires `affiliate.updated`.
         *
         *     `payoutMethod`, `payoutEmail` and `stripeAccountId` say where the affiliate is paid (PayPal and Wise need an email, Stripe Connect an `acct_…` account); a change emails the affiliate. They are never in an answer or an event, and only an API key may send them: with a partner token the update is answered 403 and changes nothing.
         */
        put: operations["updateAffiliate"];
        /**
         * Create an affiliate with its first link
         * @description Creates the affiliate and its first link (`affiliateLink`, or a slug made from the email; a taken slug fails, no other is chosen). Sends the admin notification and, unless `sendWelcomeEmail` is false, the welcome email (active: the portal and the first link; pending: application received); creates automatic promotional codes; fires `affiliate.created`. 400 when a required field is missing, the email or link is taken, the plan or group does not exist or do not match, or the affiliate limit is reached.
         */
        post: operations["createAffiliate"];
        /**
         * Delete an affiliate and everything it owns
         * @description Deletes the affiliate (by UUID or email) with its links, referrals, sales and commissions, and fires `affiliate.deleted`; its payouts stay on record without it. Answers a confirmation also when nothing matched. 400 while one of its payouts waits or is being paid.
         */
        delete: operations["deleteAffiliate"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/referrals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Look a referral up, or list referrals
         * @description With `id` (a referral UUID, else retried as the referral's email): the one referral or `null`. With `affiliateId`, `affiliateEmail` or `externalId` (the referred user's id in your system): the matching referrals. With no parameter: every referral of the program. Lists come as one array, or one page with `limit` (next page via `after` = `X-Next-Cursor`).
         */
        get: operations["getReferrals"];
        /**
         * Update a referral
         * @description Changes the referral `referralId` (e.g. its `subscriptionStatus`, which decides whether it counts as active) and fires `referral.updated`. 400 when `referralId` is missing or unknown in the program, or an unlisted field is sent, and `DUPLICATE` when `referredUserExternalId` is that of another referred customer (one customer, one referrer).
         */
        put: operations["updateReferral"];
        /**
         * Record a referred user
         * @description Credits the referral to exactly one of `affiliateId` (an affiliate UUID, a link slug or a numeric click id), `affiliateEmail` or `promoCode` (which must exist, be active, unexpired, under its own and its coupon's redemption limits and have an affiliate; both counters then increase). Referrals created here are active. Answers the referral, or `null` when it cannot be resolved. 400 when no or several identifiers are sent, a required field is missing, the code cannot be used or the monthly referral limit is reached.
         *
         *     One customer, one referrer: a customer is its `referredUserExternalId` in the program. When it already has a referral, the answer is 200 with that referral and no second one is made, also when concurrent requests name the same customer. Under the program's `attributionModel` `first_click` (default) nothing changes (no code redeemed, no counter, no event, no limit counted); under `last_click` the referral moves to the affiliate named now, with its link, click and code, and fires `referral.updated` (naming its own affiliate again changes nothing). `POST /sales` with `email` credits that customer's referral.
         */
        post: operations["createReferral"];
        /**
         * Delete a referral
         * @description Deletes the referral and fires `referral.deleted`; answers a confirmation also when nothing matched.
         */
        delete: operations["deleteReferral"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List affiliate links
         * @description Every link of the program, or those matching `id`, `link` (slug), `affiliateId` or `affiliateEmail`, each with its click, referral and sale counts, revenue, full URLs and tracking URL. One array, or one page with `limit` (next page via `after` = `X-Next-Cursor`).
         */
        get: operations["listLinks"];
        /**
         * Rename a link
         * @description Gives the link named by `id` or `link` the slug `newLink` and regenerates its full URLs; fires `affiliate.updated`. 400 when `newLink` is missing, malformed or taken, or neither identifier is sent; 404 when no link matches.
         */
        put: operations["renameLink"];
        /**
         * Create a link for an affiliate
         * @description Creates the slug `link` (letters, numbers and hyphens; unique in the program) for the affiliate named by `affiliateId` or `affiliateEmail`, with zero counters and its full URLs; fires `affiliate.updated` for the owner. 400 when the slug is missing, malformed or taken, or no affiliate of the program is named.
         */
        post: operations["createLink"];
        /**
         * Delete a link
         * @description Deletes the link named by `id` or `link` (its clicks go with it; sales and referrals keep their record without the link) and fires `affiliate.updated` for the former owner. 404 when no link matches.
         */
        delete: operations["deleteLink"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/coupons": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Look a coupon up, or list every coupon
         * @description With `id`, `externalId` or `name`: the one coupon with its promotional codes, or `null`. With none: every coupon of the program, newest first, as one array or one page with `limit` (next page via `after` = `X-Next-Cursor`).
         *
         *     API keys only: a partner (OAuth) token is answered 403.
         */
        get: operations["getCoupons"];
        /**
         * Update a coupon
         * @description Changes the coupon `couponId` and answers it with its promotional codes; fires `coupon.updated`. 400 when `percentOff` is outside 1 to 100, `amountOff` is not above zero or an unlisted field is sent; 404 when no such coupon exists.
         *
         *     API keys only: a partner (OAuth) token is answered 403.
         */
        put: operations["updateCoupon"];
        /**
         * Create a coupon
         * @description A `PERCENTAGE` coupon (the default; `percentOff` from 1 to 100) or a `FLAT` one (`amountOff` above zero, with its `currency`); `duration` `once`, `forever` (the default) or `repeating` (with `durationInMonths`). Fires `coupon.created`.
         *
         *     API keys only: a partner (OAuth) token is answered 403.
         */
        post: operations["createCoupon"];
        /**
         * Delete a coupon
         * @description Deletes the coupon with its promotional codes and fires `coupon.deleted`. 404 when no such coupon exists.
         *
         *     API keys only: a partner (OAuth) token is answered 403.
         */
        delete: operations["deleteCoupon"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/promotional-codes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Look a promotional code up, or list codes
         * @description With `id`, `code` or `externalId`: the one code with its coupon and affiliate, or `null`. With `couponId`, `affiliateId` or `affiliateEmail`, or nothing: the matching codes as one array, or one page with `limit` (next page via `after` = `X-Next-Cursor`).
         *
         *     API keys only: a partner (OAuth) token is answered 403.
         */
        get: operations["getPromotionalCodes"];
        /**
         * Update a promotional code
         * @description Changes the code `promotionalCodeId`; fires `promotional_code.updated`. 400 when the new code is taken or an unlisted field is sent; 404 when no such code exists.
         *
         *     API keys only: a partner (OAuth) token is answered 403.
         */
        put: operations["updatePromotionalCode"];
        /**
         * Create a promotional code
         * @description A code of the coupon `couponId`, typed (`code`) or generated (`isAutoGenerated` with `codeStructure`, `prefix`, `randomCharsLength` (default 4) and `randomCharsCase`), optionally assigned to an affiliate. It inherits its discount from its coupon. Fires `promotional_code.created`. 404 when the coupon or the affiliate is not found.
         *
         *     API keys only: a partner (OAuth) token is answered 403.
         */
        post: operations["createPromotionalCode"];
        /**
         * Delete a promotional code
         * @description Deletes the code and fires `promotional_code.deleted`. 404 when no such code exists.
         *
         *     API keys only: a partner (OAuth) token is answered 403.
         */
        delete: operations["deletePromotionalCode"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sales": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Look a sale up, or list sales
         * @description With `id` (int64): the one sale or `null`. With `affiliateId`, `affiliateEmail`, `referralId`, `saleExternalId` or `saleExternalInvoiceId`, or nothing: the matching sales as one array, or one page with `limit` (next page via `after` = `X-Next-Cursor`). Every sale carries its `commissionEarned`.
         */
        get: operations["getSales"];
        /**
         * Update a sale or correct its commission
         * @description Applies the fields sent to the sale `saleId`; `commissionEarned` corrects the credited affiliate's commission record instead. Answers the sale with its recalculated commission and fires `sale.updated`. 404 when no such sale exists in the program.
         */
        put: operations["updateSale"];
        /**
         * Record a sale and its commission
         * @description The owner is found by `referralId` (a referral UUID, an affiliate UUID, a link slug or a numeric click id), `email` (an existing referral's) or `promoCode` (validated for existence, active state, expiry and limits; its counters increase). Commission = (totalEarned − tax and shipping where the program deducts them) × rate / 100. Answers the sale, or `null` when no affiliate could be resolved (no commission is created). A sale whose `externalId` was already recorded is answered again with `Idempotent-Replayed: true` instead of being recorded twice. Fires `sale.created`.
         */
        post: operations["recordSale"];
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Refund a sale and reverse its commission
         * @description Marks the sale `saleId` refunded and appends a reversal of its commission (history is never edited); fires `sale.refunded`. A repeat succeeds with `alreadyRefunded: true`. 400 `REFUND_NOT_ALLOWED` with a `reason` when the refund window has passed or the commission is in a payout batch, paid out or marked paid; 404 when no such sale exists.
         */
        patch: operations["refundSale"];
        trace?: never;
    };
    "/clicks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record a click on a link from your own server
         * @description For sites that resolve `?ref=<slug>` themselves: records a click on the link `link` with the visitor's referrer, user agent, address and landing URL, and answers the click, whose `id` you pass to `POST /referrals` as `affiliateId`. Repeated clicks by one visitor on one link within 30 minutes count once. A known robot's `userAgent` (crawlers, link previewers) records and counts nothing, as `/r/...` and `POST /public/clicks` do: the answer has `id: null`.
         */
        post: operations["recordClick"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/clicks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record a click from a visitor's browser on your site (tracker.js)
         * @description What `<PUBLIC_URL>/tracker.js` calls from a page of your site whose URL carries `?ref=<slug>`; you do not call it yourself. Authenticated by the program's **publishable key** (`pk_…`, GraphQL `Program.publishableKey`): in the query string as `?key=pk_…` (what the script sends, so that the browser's CORS preflight names the program) or as `Authorization: Bearer pk_…`. The key is public (it is in your pages) and opens nothing else: as a bearer anywhere else it is 401.
         *
         *     CORS: only pages on the origins of the program's base URLs may call it. The preflight (`OPTIONS`) is answered with `Access-Control-Allow-Origin` echoing such an origin; a call from any other origin is answered 403 without it and records nothing. A call without an `Origin` header (not from a browser page) needs no CORS answer.
         *
         *     With `clickId` (the `click_id` a link's `trackingUrl` added) that click is the answer and nothing is counted again, when it is the link's and from the last 30 minutes; otherwise the visit is counted once per visitor (client address and User-Agent) and link per 30 minutes. Known robots (crawlers, link previewers) get `clickId: null` and count nothing. At most `CLICKS_PER_MINUTE` calls per client address per minute.
         *
         *     The answer carries the program's `cookieWindowDays` and `attributionModel`: the script keeps `clickId` in a first-party cookie `aff_ref` for that many days, and under `first_click` does not replace a click it already keeps.
         */
        post: operations["recordPublicClick"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The program's activity over time
         * @description Totals and a time series of clicks, referrals, sales, revenue, commission and refunds, in buckets of `interval` (`day`, `week` from Monday, `month`) starting at local midnights of `timeZone`; every bucket is present, with zeros when nothing happened, and the series adds up to the totals. `affiliateId` or `linkId` narrow it to one affiliate or link. `from` and `to` take a date (`YYYY-MM-DD`: local midnight in `timeZone`; as `to`, that whole day is included) or a date-time (an offset, or local to `timeZone`; as `to`, exclusive). Without them: the last 30 days up to now. `timeZone` is an IANA name (default `UTC`). A bad date, interval or time zone is a 400 naming the parameter.
         *
         *     API keys only: a partner (OAuth) token is answered 403.
         */
        get: operations["getStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/stats/top-affiliates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The affiliates with the largest figures over a window
         * @description Affiliates ranked by `by` (`revenue` by default, or `commission`, `sales`, `referrals`, `clicks`), largest first, the first `first` (10 by default, at most 100); each with its figures over the window, equal to what `GET /stats?affiliateId=` answers for it. Affiliates without activity in the window are not listed. `from` and `to` take a date (`YYYY-MM-DD`: local midnight in `timeZone`; as `to`, that whole day is included) or a date-time (an offset, or local to `timeZone`; as `to`, exclusive). Without them: the last 30 days up to now. `timeZone` is an IANA name (default `UTC`).
         *
         *     API keys only: a partner (OAuth) token is answered 403.
         */
        get: operations["getTopAffiliates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook endpoints
         * @description Every webhook endpoint of the program (secrets are never shown again), each partner subscription with its `connectionId`. With a partner's OAuth token: only the subscriptions that partner made.
         */
        get: operations["listWebhooks"];
        /**
         * Change a webhook endpoint
         * @description Changes the URL, events, description or `enabled` of the endpoint `id`.
         *
         *     API keys only: a partner (OAuth) token is answered 403.
         */
        put: operations["updateWebhook"];
        /**
         * Subscribe an endpoint to events
         * @description Creates an endpoint for `url` (http or https; private and loopback addresses are refused unless the server allows them) subscribed to `events`, or to every event when absent. The answer carries the `whsec_` signing secret: the only time it is shown. Deliveries are signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`). A partner's OAuth token subscribes to events of its scope only (`affiliate.*`, `referral.*`, `sale.*`, `commission.*`; all of them when `events` is absent); any other event is 403 and creates nothing.
         */
        post: operations["createWebhook"];
        /**
         * Delete a webhook endpoint
         * @description Deletes the endpoint `id`; no further deliveries are attempted. 404 when no such endpoint exists (for a partner's OAuth token: when it is not one of its own subscriptions).
         */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate an endpoint's signing secret
         * @description Issues a new secret for the endpoint `id` and answers it (shown this once); the old one also signs for `overlapHours` (0 to 720, default 24) so receivers can switch without losing events.
         *
         *     API keys only: a partner (OAuth) token is answered 403.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the event log
         * @description Events of the program, oldest first, one page at a time (`limit` up to 500; the next page via `after` = the `X-Next-Cursor` header, the last event id read); `type` keeps one event type.
         *
         *     API keys only: a partner (OAuth) token is answered 403.
         */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deliver events again
         * @description Sends the event `eventId` again, or every failed delivery since `since`, to its endpoints or to `endpointId` only; receivers see the same `webhook-id`. Answers how many deliveries were queued.
         *
         *     API keys only: a partner (OAuth) token is answered 403.
         */
        post: operations["replayEvents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/program": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The connected program
         * @description The program this API key or partner token reaches: its `id`, `name`, `domain` and `logoUrl` (an automation partner's connection test and account label).
         */
        get: operations["getProgram"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/affiliate-portal-links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make a link that signs an affiliate into the program's portal
         * @description A single-use `url` under `<PUBLIC_URL>/portal/<portalSlug>/sign-in/`, valid for 5 minutes (`expiresAt`), that signs the affiliate (`affiliateId`: its UUID, one of its link slugs or a numeric click id) into the program's affiliate portal, where it sees its own links, figures, commissions, payouts and payout details. Open it for the affiliate, or frame it in your app (the portal may be framed by the origins of the program's base URLs). Treat it as a secret: whoever opens it first is signed in as the affiliate.
         *
         *     404 when no affiliate of the program matches; 400 when the program's portal is turned off (`portalEnabled`, GraphQL) or the affiliate was rejected.
         *
         *     API keys only: a partner (OAuth) token is answered 403.
         */
        post: operations["createAffiliatePortalLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payout-batches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List payout batches
         * @description The program's payout batches, newest first, each with its payouts; `status` (open, paid, failed) keeps one kind. One array, or one page with `limit` (next page via `after` = `X-Next-Cursor`). A batch answers `{id, status, currency, total, commissionCount, createdAt, paidAt, payouts}`, each payout `{id, batchId, affiliateId, amount, currency, method, destination, status, reference, failureReason, lastError, commissionCount, createdAt, paidAt, failedAt, affiliate, commissions}` (`affiliate`: id, names and email, null once deleted; `commissions`: those it pays).
         *
         *     API keys only: a partner (OAuth) token is answered 403.
         */
        get: operations["listPayoutBatches"];
        put?: never;
        /**
         * Make a payout batch: one payout per affiliate owed
         * @description `{}`: one payout for every affiliate with payout details whose approved commissions not yet paid or batched (in the program currency) add up to at least the program's `minimumPayout` and to more than 0. With `commissionIds` or `saleIds`: those commissions, each approved and unbatched (an affiliate without payout details is paid `manual`).
         *
         *     Each payout takes the affiliate's payout method and destination as they are now: `stripe_connect` payouts wait (`pending`) for `POST /payout-batches/{id}/send`; `paypal`, `wise` and `manual` ones are `processing` until marked paid. No commission is ever in two batches, even when two are made at once. 400 `VALIDATION_FAILED` when nothing is owed. Fires `payout_batch.created`.
         *
         *     A batch answers `{id, status, currency, total, commissionCount, createdAt, paidAt, payouts}`, each payout `{id, batchId, affiliateId, amount, currency, method, destination, status, reference, failureReason, lastError, commissionCount, createdAt, paidAt, failedAt, affiliate, commissions}` (`affiliate`: id, names and email, null once deleted; `commissions`: those it pays).
         *
         *     API keys only: a partner (OAuth) token is answered 403.
         */
        post: operations["createPayoutBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payout-batches/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one payout batch
         * @description The batch `id` with its payouts; 404 when the program has none by that id. A batch answers `{id, status, currency, total, commissionCount, createdAt, paidAt, payouts}`, each payout `{id, batchId, affiliateId, amount, currency, method, destination, status, reference, failureReason, lastError, commissionCount, createdAt, paidAt, failedAt, affiliate, commissions}` (`affiliate`: id, names and email, null once deleted; `commissions`: those it pays).
         *
         *     API keys only: a partner (OAuth) token is answered 403.
         */
        get: operations["getPayoutBatch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payout-batches/{id}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a batch as a PayPal or Wise file
         * @description The batch's payouts of one method that wait to be paid, as the CSV file the provider takes (UTF-8, CRLF line ends, amounts in major units with a `.`, one currency per file):
         *
         *     - `format=paypal`: PayPal Payouts' upload format, no header: `<payoutEmail>,<amount>,<currency>,<reference>,<note>,PAYPAL` (reference: `po_` and 27 hex digits of the payout id).
         *
         *     - `format=wise`: Wise's batch template for payments by email: the header `name,recipientEmail,paymentReference,receiverType,amountCurrency,amount,sourceCurrency,targetCurrency`, then one row per payout.
         *
         *     A value beginning with `=`, `+`, `-` or `@` is prefixed with `'` so no spreadsheet takes it for a formula. 400 when no payout of that method waits in the batch; 404 when the program has no such batch. Mark the payouts paid once the provider has paid them.
         *
         *     API keys only: a partner (OAuth) token is answered 403.
         */
        get: operations["exportPayoutBatch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payout-batches/{id}/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pay the batch's Stripe Connect payouts
         * @description One Stripe transfer per `stripe_connect` payout of the batch, through the server's `STRIPE_API_KEY`: `amount` in minor units, `currency`, `destination` the affiliate's account, `transfer_group` the batch id, `metadata[payout_id]`, and the `Idempotency-Key` `payout-<payout id>`.
         *
         *     A transfer made: the payout is `paid`, `reference` the transfer id (`payout.paid`, the affiliate's email). Stripe refuses: `failed` with Stripe's message in `failureReason` (`payout.failed`), its commissions free for a later batch. No answer from Stripe: it stays `processing` with `lastError`; sending again asks with the same key, so nothing is ever paid twice. Paid and failed payouts are skipped.
         *
         *     Answers the batch. 400 when Stripe Connect payouts wait and the server has no `STRIPE_API_KEY`; 404 when the program has no such batch.
         *
         *     API keys only: a partner (OAuth) token is answered 403.
         */
        post: operations["sendPayoutBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payout-batches/{id}/mark-paid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark a batch's waiting payouts paid
         * @description Marks every waiting PayPal, Wise and manual payout of the batch paid (Stripe Connect ones are paid by `/send`, or one by one with `/payouts/{id}/mark-paid`), with their commissions (their sales can no longer be refunded: `already_paid_out`), `payout.paid` events and the affiliates' emails; `reference` (optional, at most 200 characters: the PayPal or Wise batch id) is kept on each. The batch is `paid` once nothing in it waits (`payout_batch.paid`). A settled batch is answered as it is; 404 when the program has no such batch.
         *
         *     API keys only: a partner (OAuth) token is answered 403.
         */
        post: operations["markPayoutBatchPaid"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payouts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List payouts
         * @description The program's payouts, newest first: `status` (pending, processing, paid, failed), `method` (paypal, wise, stripe_connect, manual), `affiliateId` and `batchId` keep those that match. One array, or one page with `limit` (next page via `after` = `X-Next-Cursor`).
         *
         *     API keys only: a partner (OAuth) token is answered 403.
         */
        get: operations["listPayouts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payouts/{id}/mark-paid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark one payout paid
         * @description Marks the waiting payout `id` paid (paid outside this service; a Stripe Connect one only before it was sent), with its commissions, `payout.paid` and the affiliate's email; `reference` (optional) says how. A paid one is answered as it is; a failed one, or a Stripe Connect one whose transfer was asked for (`processing`: send its batch again), is 400; 404 when the program has no such payout.
         *
         *     API keys only: a partner (OAuth) token is answered 403.
         */
        post: operations["markPayoutPaid"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payouts/{id}/mark-failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark one payout failed
         * @description Marks the waiting payout `id` failed with `reason` (1 to 500 characters: PayPal returned it unclaimed, a bank refused it); its commissions leave the batch, free for a later one (`payout.failed`). A failed one is answered as it is; a paid one, or a Stripe Connect one whose transfer was asked for (`processing`: send its batch again), is 400; 404 when the program has no such payout.
         *
         *     API keys only: a partner (OAuth) token is answered 403.
         */
        post: operations["markPayoutFailed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integrations/stripe/{integrationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Receive a Stripe event (paste the integration's webhookUrl into Stripe)
         * @description The URL of a billing integration (GraphQL `createBillingIntegration` answers it as `webhookUrl`), called by Stripe, not by you. It verifies `Stripe-Signature` over the raw body with the integration's signing secret (several `v1` signatures, from a rolled secret, pass when one matches; the timestamp within 5 minutes of the server's clock, before or after), then records each event id once per integration: a repeat, or the same event delivered twice at once, answers 200 and changes nothing.
         *
         *     A well-signed event is checked like API input before it is used: of the fields read, amounts are whole minor units from 0 to 999999999999 (a refund's at least 1), currencies three lowercase ASCII letters (ISO 4217, compared exactly), ids 1 to 200 printable ASCII characters, and a subscription names its customer. A malformed event answers 400 with its problems in `details` and records nothing, not even in the event log. A buyer's name longer than 200 characters is cut, an email that is not a valid address left out (the event is kept). A refund counts only in its sale's currency (another is answered 200 and logged as ignored), summed per payment whichever of the program's integrations reported it.
         *
         *     Used events: `checkout.session.completed`, `customer.created`/`.updated`, `customer.discount.created`/`.updated` (attribution by `client_reference_id` or `metadata.affiliate_ref`, holding an affiliate UUID, link slug or click id, or by a promotion code of the program); `customer.subscription.created`/`.updated`/`.deleted` (the referral's `subscriptionStatus`); `invoice.paid`/`invoice.payment_succeeded` (one sale per invoice; an invoice paid before its customer is attributed is held 3 days and becomes the sale on attribution); `invoice_payment.paid`, `charge.refunded` and `refund.created` (refunds in full or in proportion). Every other well-signed event is answered 200 and logged as ignored.
         */
        post: operations["receiveStripeEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "affiliate.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * affiliate.created
         * @description An affiliate was created (POST /affiliates, GraphQL createAffiliate, or the sign-up of an affiliate). Partners (OAuth tokens) may subscribe to it. Sent to every enabled endpoint subscribed to it, at least once; retried with backoff until a 2xx (410 disables the endpoint).
         */
        post: operations["event.affiliate.created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "affiliate.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * affiliate.updated
         * @description An affiliate changed (PUT /affiliates), or one of its links was added, renamed or deleted. Partners (OAuth tokens) may subscribe to it. Sent to every enabled endpoint subscribed to it, at least once; retried with backoff until a 2xx (410 disables the endpoint).
         */
        post: operations["event.affiliate.updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "affiliate.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * affiliate.deleted
         * @description An affiliate was deleted, with what was attributed to it; `data` is the affiliate as it was. Partners (OAuth tokens) may subscribe to it. Sent to every enabled endpoint subscribed to it, at least once; retried with backoff until a 2xx (410 disables the endpoint).
         */
        post: operations["event.affiliate.deleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "referral.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * referral.created
         * @description A referral was recorded (POST /referrals). Partners (OAuth tokens) may subscribe to it. Sent to every enabled endpoint subscribed to it, at least once; retried with backoff until a 2xx (410 disables the endpoint).
         */
        post: operations["event.referral.created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "referral.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * referral.updated
         * @description A referral changed (PUT /referrals). Partners (OAuth tokens) may subscribe to it. Sent to every enabled endpoint subscribed to it, at least once; retried with backoff until a 2xx (410 disables the endpoint).
         */
        post: operations["event.referral.updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "referral.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * referral.deleted
         * @description A referral was deleted; `data` is the referral as it was. Partners (OAuth tokens) may subscribe to it. Sent to every enabled endpoint subscribed to it, at least once; retried with backoff until a 2xx (410 disables the endpoint).
         */
        post: operations["event.referral.deleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "coupon.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * coupon.created
         * @description A coupon was created. Program endpoints only (not in a partner subscription). Sent to every enabled endpoint subscribed to it, at least once; retried with backoff until a 2xx (410 disables the endpoint).
         */
        post: operations["event.coupon.created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "coupon.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * coupon.updated
         * @description A coupon changed. Program endpoints only (not in a partner subscription). Sent to every enabled endpoint subscribed to it, at least once; retried with backoff until a 2xx (410 disables the endpoint).
         */
        post: operations["event.coupon.updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "coupon.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * coupon.deleted
         * @description A coupon was deleted; `data` is the coupon as it was. Program endpoints only (not in a partner subscription). Sent to every enabled endpoint subscribed to it, at least once; retried with backoff until a 2xx (410 disables the endpoint).
         */
        post: operations["event.coupon.deleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "promotional_code.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * promotional_code.created
         * @description A promotional code was created (by hand, or generated for a new affiliate). Program endpoints only (not in a partner subscription). Sent to every enabled endpoint subscribed to it, at least once; retried with backoff until a 2xx (410 disables the endpoint).
         */
        post: operations["event.promotional_code.created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "promotional_code.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * promotional_code.updated
         * @description A promotional code changed. Program endpoints only (not in a partner subscription). Sent to every enabled endpoint subscribed to it, at least once; retried with backoff until a 2xx (410 disables the endpoint).
         */
        post: operations["event.promotional_code.updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "promotional_code.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * promotional_code.deleted
         * @description A promotional code was deleted; `data` is the code as it was. Program endpoints only (not in a partner subscription). Sent to every enabled endpoint subscribed to it, at least once; retried with backoff until a 2xx (410 disables the endpoint).
         */
        post: operations["event.promotional_code.deleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "sale.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * sale.created
         * @description A sale was recorded (POST /sales), with its commission. Partners (OAuth tokens) may subscribe to it. Sent to every enabled endpoint subscribed to it, at least once; retried with backoff until a 2xx (410 disables the endpoint).
         */
        post: operations["event.sale.created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "sale.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * sale.updated
         * @description A sale was corrected (PUT /sales): amounts, customer or commission. Partners (OAuth tokens) may subscribe to it. Sent to every enabled endpoint subscribed to it, at least once; retried with backoff until a 2xx (410 disables the endpoint).
         */
        post: operations["event.sale.updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "sale.refunded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * sale.refunded
         * @description A sale was refunded (PATCH /sales); its commission is reversed (see commission.reversed). Partners (OAuth tokens) may subscribe to it. Sent to every enabled endpoint subscribed to it, at least once; retried with backoff until a 2xx (410 disables the endpoint).
         */
        post: operations["event.sale.refunded"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "commission.approved": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * commission.approved
         * @description A commission became payable: at once when the sale is recorded in a program without a holding period, else when the program's holding period ends. Partners (OAuth tokens) may subscribe to it. Sent to every enabled endpoint subscribed to it, at least once; retried with backoff until a 2xx (410 disables the endpoint).
         */
        post: operations["event.commission.approved"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "commission.reversed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * commission.reversed
         * @description A commission was cancelled by the refund of its sale; `amount` is what it amounts to now (0). Partners (OAuth tokens) may subscribe to it. Sent to every enabled endpoint subscribed to it, at least once; retried with backoff until a 2xx (410 disables the endpoint).
         */
        post: operations["event.commission.reversed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "payout_batch.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * payout_batch.created
         * @description Approved commissions were grouped into a payout batch (GraphQL createPayoutBatch). Program endpoints only (not in a partner subscription). Sent to every enabled endpoint subscribed to it, at least once; retried with backoff until a 2xx (410 disables the endpoint).
         */
        post: operations["event.payout_batch.created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "payout_batch.paid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * payout_batch.paid
         * @description A payout batch was settled with at least one payout paid: every payout in it is paid or failed (GraphQL markPayoutBatchPaid, markPayoutPaid, sendPayoutBatch). Program endpoints only (not in a partner subscription). Sent to every enabled endpoint subscribed to it, at least once; retried with backoff until a 2xx (410 disables the endpoint).
         */
        post: operations["event.payout_batch.paid"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "payout.paid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * payout.paid
         * @description An affiliate's payout was paid: by a Stripe Connect transfer (sendPayoutBatch; `reference` is the transfer id) or marked paid (markPayoutBatchPaid, markPayoutPaid); its commissions are paid. Program endpoints only (not in a partner subscription). Sent to every enabled endpoint subscribed to it, at least once; retried with backoff until a 2xx (410 disables the endpoint).
         */
        post: operations["event.payout.paid"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "payout.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * payout.failed
         * @description An affiliate's payout failed: Stripe refused its transfer, or it was marked failed (markPayoutFailed); `failureReason` says why. Its commissions are free for a later batch. Program endpoints only (not in a partner subscription). Sent to every enabled endpoint subscribed to it, at least once; retried with backoff until a 2xx (410 disables the endpoint).
         */
        post: operations["event.payout.failed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /** @description An affiliate of the program. */
        Affiliate: {
            /** @description Affiliate id (UUID). */
            id: string;
            /** @description First name, 1 to 200 characters. */
            firstName: string;
            /** @description Last name, 1 to 200 characters. */
            lastName: string;
            /** @description firstName and lastName joined by a space. */
            name: string;
            /** @description Email address, unique in the program (case-insensitively). */
            email: string;
            /** @description The program (tenant) it belongs to (UUID). */
            programId: string;
            /** @description Slugs of the links the affiliate owns. */
            affiliateLinks: string[];
            /**
             * @deprecated
             * @description Deprecated (spec section 9), usually null: an affiliate owns any number of links, listed in affiliateLinks.
             */
            link: string | null;
            /** @description Effective rate (percentage): the affiliate's own, else its plan's, else the program default. */
            commissionRate: number;
            /**
             * @description Where the affiliate stands in the program.
             * @enum {string}
             */
            affiliateStatus: "active" | "pending" | "inactive" | "rejected";
            /** @description Its commission plan (UUID): the plan rate applies while the affiliate has no rate of its own. null: none. */
            commissionPlanId: string | null;
            /** @description Its affiliate group (UUID); null: none. */
            affiliateGroupId: string | null;
            /**
             * Format: int32
             * @description Referrals attributed to the affiliate (deleted ones no longer count).
             */
            numberOfReferredUsers: number;
            /**
             * Format: int32
             * @description Clicks counted on its links.
             */
            numberOfClicks: number;
            /** @description Commission earned on its sales, corrections and reversals included, in the program currency's units as a decimal number. Rounded to the currency minor unit. */
            totalCommissionEarned: number;
            /**
             * Format: date-time
             * @description When it was created: an ISO 8601 date-time in UTC.
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When it last changed: an ISO 8601 date-time in UTC.
             */
            updatedAt: string;
        };
        /** @description A single-use link that signs one affiliate into its program's portal, for the program's own app to open or frame. */
        AffiliatePortalLink: {
            /** @description <PUBLIC_URL>/portal/<portalSlug>/sign-in/<token>: opened once, it signs the affiliate in (a 30-day portal session). Treat it as a secret. */
            url: string;
            /**
             * Format: date-time
             * @description When the link stops working (5 minutes after it was made): an ISO 8601 date-time in UTC.
             */
            expiresAt: string;
        };
        /** @description An affiliate of the program. */
        AffiliateRef: {
            /** @description Affiliate id (UUID). */
            id: string;
            /** @description First name, 1 to 200 characters. */
            firstName: string;
            /** @description Last name, 1 to 200 characters. */
            lastName: string;
            /** @description Email address, unique in the program (case-insensitively). */
            email: string;
        };
        /** @description One affiliate's figures over a window (equal to its own stats totals for that window). */
        AffiliateStats: {
            /** @description The affiliate. */
            affiliate: components["schemas"]["AffiliateRef"];
            /**
             * Format: int32
             * @description Counted clicks on links (each visitor once per link and 30 minutes).
             */
            clicks: number;
            /**
             * Format: int32
             * @description Referrals created.
             */
            referrals: number;
            /**
             * Format: int32
             * @description Sales recorded (refunded ones included).
             */
            sales: number;
            /** @description Sum of the sales' totalEarned, in the program currency's units as a decimal number. */
            revenue: number;
            /** @description Sum of the sales' current commissionEarned (0 for a reversed commission), in the program currency's units as a decimal number. */
            commission: number;
            /**
             * Format: int32
             * @description Sales refunded in full, counted when they were refunded (a partial refund lowers commission, not this).
             */
            refunds: number;
            /** @description Sum of the totalEarned of sales refunded in full, counted when they were refunded (partial refunds not included), in the program currency's units as a decimal number. */
            refundedRevenue: number;
            /** @description Referrals per click (referrals / clicks, 4 decimals); 0 when there was no click. */
            conversionRate: number;
        };
        /** @description Gives every new affiliate a generated code of the coupon. */
        AutoCouponRule: {
            /** @description false: the rule is kept but generates nothing. */
            enabled: boolean;
            /** @description The pieces of each generated code. */
            codeStructure: components["schemas"]["CodeStructure"];
            /** @description Text every generated code starts with (letters and digits kept); null: none. */
            prefix: string | null;
            /**
             * Format: int32
             * @description How many random characters the randomChars piece adds, 1 to 32.
             */
            randomCharsLength: number;
            /**
             * @description The letter case of the random characters.
             * @enum {string}
             */
            randomCharsCase: "uppercase" | "lowercase" | "mixed";
        };
        /** @description A visit through an affiliate link; its numeric id is accepted wherever an affiliate is identified. */
        Click: {
            /**
             * Format: int64
             * @description Click id, a positive integer: the click_id the tracking redirect adds. null: nothing was recorded (a known robot).
             */
            id: number | null;
            /** @description The slug the visit came through; null once that link is deleted. */
            link: string | null;
            /** @description The link (UUID); null once that link is deleted. */
            linkId: string | null;
            /** @description The affiliate credited with the click (UUID). */
            affiliateId: string;
            /** @description The page the visitor came from, as reported; null: unknown. */
            referrer: string | null;
            /** @description The visitor's browser (User-Agent), as reported; null: unknown. */
            userAgent: string | null;
            /** @description The page of your site the visitor landed on, as reported; null: unknown. */
            landingUrl: string | null;
            /**
             * Format: date-time
             * @description When it was created: an ISO 8601 date-time in UTC. For a known robot's visit (id null), when it was reported.
             */
            createdAt: string;
        };
        /** @description Pieces combined, in this order, into a generated code. */
        CodeStructure: {
            /** @description The affiliate's first name. true: included. */
            firstName: boolean;
            /** @description The affiliate's last name. true: included. */
            lastName: boolean;
            /** @description The affiliate's email: the part before the at-sign. true: included. */
            email: boolean;
            /** @description The coupon's discount, digits only (percentOff, or amountOff for FLAT coupons). true: included. */
            discountAmount: boolean;
            /** @description The coupon's name. true: included. */
            couponName: boolean;
            /** @description randomCharsLength random characters in randomCharsCase. true: included. */
            randomChars: boolean;
        };
        /** @description A sale's commission; amount is the sum of its entries. */
        Commission: {
            /** @description Commission id (UUID). */
            id: string;
            /**
             * Format: int64
             * @description The sale it was earned on.
             */
            saleId: number;
            /** @description The affiliate who earned it (UUID). */
            affiliateId: string;
            /** @description Percentage used. */
            rate: number;
            /** @description ISO 4217 code of the amounts: the sale currency. */
            currency: string;
            /**
             * @description Where it stands; a pending one past holdUntil reads approved.
             * @enum {string}
             */
            status: "pending" | "approved" | "paid" | "reversed";
            /** @description The commission, the sum of its entries, in the program currency's units as a decimal number. Rounded to the currency minor unit. */
            amount: number;
            /** @description totalEarned less the deductions the program enables. The amount the rate applied to, in the program currency's units as a decimal number. */
            base: number;
            /**
             * Format: date-time
             * @description End of the holding period (ISO 8601, UTC); null: no holding period (a pending commission without one waits for approveCommission).
             */
            holdUntil: string | null;
            /**
             * Format: date-time
             * @description When it became payable (ISO 8601, UTC); null: not yet.
             */
            approvedAt: string | null;
            /** @description The payout batch it is in (UUID); null: none (a failed payout takes it out again). */
            payoutBatchId: string | null;
            /**
             * Format: date-time
             * @description When it was paid (ISO 8601, UTC); null: unpaid.
             */
            paidAt: string | null;
            /** @description true: marked paid by hand (markCommissionPaid), outside any batch. */
            paidManually: boolean;
            /**
             * Format: date-time
             * @description When a refund reversed it (ISO 8601, UTC); null: not reversed.
             */
            reversedAt: string | null;
            /**
             * Format: date-time
             * @description When it was created: an ISO 8601 date-time in UTC.
             */
            createdAt: string;
        };
        /** @description A discount definition; its promotional codes inherit the discount. */
        Coupon: {
            /** @description Coupon id (UUID). */
            id: string;
            /** @description Name, 1 to 200 characters. */
            name: string;
            /** @description The coupon's id in a connected billing provider, unique in the program; null: none. */
            externalId: string | null;
            /**
             * @description PERCENTAGE (percentOff) or FLAT (amountOff in currency).
             * @enum {string}
             */
            couponType: "PERCENTAGE" | "FLAT";
            /** @description Percentage off, 1 to 100, for PERCENTAGE coupons; null for FLAT ones. */
            percentOff: number | null;
            /** @description Amount off, above zero, in the units of currency as a decimal number, for FLAT coupons; null for PERCENTAGE ones. */
            amountOff: number | null;
            /** @description ISO 4217 code (upper case) of amountOff; FLAT coupons have one. null: none. */
            currency: string | null;
            /**
             * @description How long the discount lasts on a subscription.
             * @enum {string}
             */
            duration: "once" | "forever" | "repeating";
            /**
             * Format: int32
             * @description Months the discount lasts when duration is repeating (1 to 1200); null otherwise.
             */
            durationInMonths: number | null;
            /**
             * Format: int32
             * @description How many times codes of the coupon may be redeemed in all; null: no limit.
             */
            maxRedemptions: number | null;
            /**
             * Format: int32
             * @description How many times codes of the coupon were redeemed (referrals and sales with its codes).
             */
            timesRedeemed: number;
            /** @description true: the discount is limited to the products in productIds (for the billing provider to apply; not checked here). */
            limitToProducts: boolean;
            /** @description Ids of products (in the merchant's billing provider) the discount is limited to. */
            productIds: string[];
            /** @description false stops the coupon being applied. */
            valid: boolean;
            /**
             * Format: date-time
             * @description Its codes are refused from this ISO 8601 date-time (UTC) on; null: no end.
             */
            redeemBy: string | null;
            /** @description The billing integration the coupon belongs to (free text); null: none. */
            integrationType: string | null;
            /** @description The program (tenant) it belongs to (UUID). */
            affiliateProgramId: string;
            /**
             * Format: date-time
             * @description When it was created: an ISO 8601 date-time in UTC.
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When it last changed: an ISO 8601 date-time in UTC.
             */
            updatedAt: string;
            /** @description Its promotional codes. Newest first, each with its assigned affiliate. */
            promotionalCodes: components["schemas"]["CouponPromotionalCode"][];
            /** @description Its automatic-code rule. Present when a rule is configured; null otherwise. */
            autoCouponRule?: components["schemas"]["AutoCouponRule"];
        };
        /** @description A discount definition; its promotional codes inherit the discount. */
        CouponCore: {
            /** @description Coupon id (UUID). */
            id: string;
            /** @description Name, 1 to 200 characters. */
            name: string;
            /** @description The coupon's id in a connected billing provider, unique in the program; null: none. */
            externalId: string | null;
            /**
             * @description PERCENTAGE (percentOff) or FLAT (amountOff in currency).
             * @enum {string}
             */
            couponType: "PERCENTAGE" | "FLAT";
            /** @description Percentage off, 1 to 100, for PERCENTAGE coupons; null for FLAT ones. */
            percentOff: number | null;
            /** @description Amount off, above zero, in the units of currency as a decimal number, for FLAT coupons; null for PERCENTAGE ones. */
            amountOff: number | null;
            /** @description ISO 4217 code (upper case) of amountOff; FLAT coupons have one. null: none. */
            currency: string | null;
            /**
             * @description How long the discount lasts on a subscription.
             * @enum {string}
             */
            duration: "once" | "forever" | "repeating";
            /**
             * Format: int32
             * @description Months the discount lasts when duration is repeating (1 to 1200); null otherwise.
             */
            durationInMonths: number | null;
            /**
             * Format: int32
             * @description How many times codes of the coupon may be redeemed in all; null: no limit.
             */
            maxRedemptions: number | null;
            /**
             * Format: int32
             * @description How many times codes of the coupon were redeemed (referrals and sales with its codes).
             */
            timesRedeemed: number;
            /** @description true: the discount is limited to the products in productIds (for the billing provider to apply; not checked here). */
            limitToProducts: boolean;
            /** @description Ids of products (in the merchant's billing provider) the discount is limited to. */
            productIds: string[];
            /** @description false stops the coupon being applied. */
            valid: boolean;
            /**
             * Format: date-time
             * @description Its codes are refused from this ISO 8601 date-time (UTC) on; null: no end.
             */
            redeemBy: string | null;
            /** @description The billing integration the coupon belongs to (free text); null: none. */
            integrationType: string | null;
            /** @description The program (tenant) it belongs to (UUID). */
            affiliateProgramId: string;
            /**
             * Format: date-time
             * @description When it was created: an ISO 8601 date-time in UTC.
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When it last changed: an ISO 8601 date-time in UTC.
             */
            updatedAt: string;
        };
        /** @description A code typed at checkout: points at a coupon, optionally assigned to an affiliate. */
        CouponPromotionalCode: {
            /** @description Code id (UUID). */
            id: string;
            /** @description The text typed at checkout: letters, numbers, hyphens and underscores, at most 64 characters, unique in the program (case-insensitively). */
            code: string;
            /** @description The parent coupon (UUID), whose discount the code applies. */
            couponId: string;
            /** @description The affiliate the code is assigned to (UUID); null: unassigned, and then it cannot be redeemed. */
            affiliateId: string | null;
            /** @description The code's id in a connected billing provider; null: none. */
            externalId: string | null;
            /** @description false: the code is refused (kept, not deleted). */
            active: boolean;
            /**
             * Format: date-time
             * @description The code is refused from this ISO 8601 date-time (UTC) on; null: it never expires.
             */
            expiresAt: string | null;
            /**
             * Format: int32
             * @description How many times the code may be redeemed; null: no limit of its own (the coupon's still applies).
             */
            maxRedemptions: number | null;
            /**
             * Format: int32
             * @description How many times it was redeemed by referrals and sales.
             */
            timesRedeemed: number;
            /** @description true: refused for customers who bought before. */
            firstTimeOrder: boolean;
            /** @description The smallest sale total it is accepted on, in minimumAmountCurrency as a decimal number; null: none. */
            minimumAmount: number | null;
            /** @description ISO 4217 code of minimumAmount; null: none. */
            minimumAmountCurrency: string | null;
            /** @description true: only the customer customerId may use the code. */
            limitToCustomers: boolean;
            /** @description The customer (its id in your system) the code is limited to; null: none. */
            customerId: string | null;
            /** @description Only the affiliate can use the code. */
            limitToAffiliate: boolean;
            /** @description true: the code was generated (from a codeStructure or a coupon's automatic rule). */
            isAutoGenerated: boolean;
            /**
             * Format: date-time
             * @description When it was created: an ISO 8601 date-time in UTC.
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When it last changed: an ISO 8601 date-time in UTC.
             */
            updatedAt: string;
            /** @description The assigned affiliate; null when the code is unassigned. */
            affiliate: components["schemas"]["AffiliateRef"] | null;
        };
        /** @description The answer of deleteAffiliate, also when nothing matched. */
        DeleteAffiliatePayload: {
            /** @description A confirmation sentence for people. */
            message: string;
            /** @description null when nothing matched. */
            deletedAffiliate: components["schemas"]["DeletedAffiliateRef"] | null;
        };
        /** @description The answer of deleteCoupon. */
        DeleteCouponPayload: {
            /** @description A confirmation sentence for people. */
            message: string;
            /** @description The deleted coupon. */
            deletedCoupon: components["schemas"]["DeletedCouponRef"];
        };
        /** @description The affiliate a delete removed. */
        DeletedAffiliateRef: {
            /** @description Its id (UUID). */
            id: string;
            /** @description Its email. */
            email: string;
        };
        /** @description The promotional code a delete removed. */
        DeletedCodeRef: {
            /** @description Its id (UUID). */
            id: string;
            /** @description Its code. */
            code: string;
        };
        /** @description The coupon a delete removed. */
        DeletedCouponRef: {
            /** @description Its id (UUID). */
            id: string;
            /** @description Its name. */
            name: string | null;
        };
        /** @description The link a delete removed. */
        DeletedLinkRef: {
            /** @description Its id (UUID). */
            id: string;
            /** @description Its slug. */
            link: string;
        };
        /** @description A referral a delete removed. */
        DeletedReferralRef: {
            /** @description Its id (UUID). */
            id: string;
            /** @description The referred user's email. */
            email: string;
        };
        /** @description The webhook endpoint a delete removed. */
        DeletedWebhookEndpoint: {
            /** @description Its id (UUID). */
            id: string;
            /** @description Its URL. */
            url: string;
        };
        /** @description The answer of deleteLink. */
        DeleteLinkPayload: {
            /** @description A confirmation sentence for people. */
            message: string;
            /** @description The deleted link. */
            deletedLink: components["schemas"]["DeletedLinkRef"];
        };
        /** @description The answer of deletePromotionalCode. */
        DeletePromotionalCodePayload: {
            /** @description A confirmation sentence for people. */
            message: string;
            /** @description The deleted code. */
            deletedCode: components["schemas"]["DeletedCodeRef"];
        };
        /** @description The answer of deleteReferral, also when nothing matched. */
        DeleteReferralPayload: {
            /** @description A confirmation sentence for people, with the number deleted. */
            message: string;
            /** @description The deleted referrals; empty when nothing matched. */
            deletedReferrals: components["schemas"]["DeletedReferralRef"][];
        };
        /** @description An entry of the event log: the envelope webhooks carry. */
        Event: {
            /** @description Event id: evt_ and 32 hex digits. Receivers see it as webhook-id; dedupe by it. */
            id: string;
            /** @description The event type, such as sale.created. */
            type: string;
            /**
             * Format: date-time
             * @description When the change happened (ISO 8601, UTC).
             */
            createdAt: string;
            /** @description The program (tenant) it belongs to (UUID). */
            programId: string;
            /** @description The resource as the REST API returns it. */
            data: unknown;
            /** @description Its deliveries: one per endpoint it was sent to. */
            deliveries: components["schemas"]["WebhookDelivery"][];
        };
        /** @description A ready-to-share URL: a program base URL with ?ref=<slug>. */
        FullUrl: {
            /** @description One of the program's base URLs, as configured. */
            baseUrl: string;
            /** @description baseUrl with ref=<slug> added to its query, before any fragment. */
            fullUrl: string;
        };
        /** @description An affiliate link (referral slug) with its traffic counters. */
        Link: {
            /** @description Link id (UUID). */
            id: string;
            /** @description The slug: letters, numbers and hyphens. At most 100 characters, unique in the program. */
            link: string;
            /** @description The affiliate who owns the link (UUID). */
            affiliateId: string;
            /**
             * Format: int32
             * @description Clicks counted on the link.
             */
            clicks: number;
            /**
             * Format: int32
             * @description Referrals attributed through the link (deleted ones no longer count).
             */
            referrals: number;
            /**
             * Format: int32
             * @description Sales attributed through the link; refunded and deleted ones no longer count.
             */
            sales: number;
            /** @description Revenue of the sales through this link, in the program currency. Refunds deducted; in the currency's units as a decimal number. */
            totalRevenue: number;
            /** @description One ready-to-share URL per program base URL. */
            fullURLs: components["schemas"]["FullUrl"][];
            /** @description This server's click-tracking URL of the link (<origin>/r/<program id>/<slug>): records a click and redirects to the program's first base URL with ref and click_id. Unique across programs; stops tracking when the link is renamed. */
            trackingUrl: string;
            /** @description The affiliate who owns the link. */
            affiliate: components["schemas"]["LinkOwner"] | null;
            /**
             * Format: date-time
             * @description When it was created: an ISO 8601 date-time in UTC.
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When it last changed: an ISO 8601 date-time in UTC.
             */
            updatedAt: string;
        };
        /** @description An affiliate of the program. */
        LinkOwner: {
            /** @description Affiliate id (UUID). */
            id: string;
            /** @description firstName and lastName joined by a space. */
            name: string;
            /** @description Email address, unique in the program (case-insensitively). */
            email: string;
        };
        /** @description One affiliate's payout in a batch: the sum of its commissions there. */
        Payout: {
            /** @description Payout id (UUID). */
            id: string;
            /** @description The batch it is part of (UUID). */
            batchId: string;
            /** @description The affiliate it pays (UUID); null once the affiliate was deleted (the payout stays on record). */
            affiliateId: string | null;
            /** @description What it pays, the sum of its commissions, in the program currency's units as a decimal number. Rounded to the currency minor unit. */
            amount: number;
            /** @description ISO 4217 code of amount: the batch currency. */
            currency: string;
            /**
             * @description How it is paid: the affiliate's payout method when the batch was made (manual when it had none).
             * @enum {string}
             */
            method: "paypal" | "wise" | "stripe_connect" | "manual";
            /** @description Where the money goes: the PayPal or Wise email, or the Stripe account (acct_…), as they were when the batch was made; null: manual. */
            destination: string | null;
            /**
             * @description Where it stands.
             * @enum {string}
             */
            status: "pending" | "processing" | "paid" | "failed";
            /** @description How it was paid: the Stripe transfer id (tr_…), or the reference given when it was marked paid; null: none. */
            reference: string | null;
            /** @description Why it failed (Stripe's message, or the reason given); null: it did not fail. */
            failureReason: string | null;
            /** @description Why the last attempt to send it got no answer from Stripe (it stays processing; sending the batch again is safe); null: none. */
            lastError: string | null;
            /**
             * Format: int32
             * @description How many commissions it pays.
             */
            commissionCount: number;
            /**
             * Format: date-time
             * @description When it was created: an ISO 8601 date-time in UTC.
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When it was paid (ISO 8601, UTC); null: not paid.
             */
            paidAt: string | null;
            /**
             * Format: date-time
             * @description When it failed (ISO 8601, UTC); null: it did not fail.
             */
            failedAt: string | null;
            /** @description The affiliate it pays; null once the affiliate was deleted. */
            affiliate: components["schemas"]["AffiliateRef"] | null;
            /** @description The commissions it pays, oldest first (kept when it failed and freed them; gone with a deleted affiliate). */
            commissions: components["schemas"]["Commission"][];
        };
        /** @description Approved commissions grouped to be paid out together: one payout per affiliate (payouts). */
        PayoutBatch: {
            /** @description Batch id (UUID). */
            id: string;
            /** @description open while a payout in it waits; then paid (every payout paid or failed, at least one paid) or failed (every payout failed). */
            status: string;
            /** @description ISO 4217 code of total: the program currency. */
            currency: string;
            /** @description Sum of its payouts when it was made, in the program currency's units as a decimal number. Rounded to the currency minor unit. */
            total: number;
            /**
             * Format: int32
             * @description How many commissions it holds.
             */
            commissionCount: number;
            /**
             * Format: date-time
             * @description When it was created: an ISO 8601 date-time in UTC.
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When its last waiting payout was settled (ISO 8601, UTC); null: still open.
             */
            paidAt: string | null;
            /** @description One payout per affiliate, in the order they were made. */
            payouts: components["schemas"]["Payout"][];
        };
        /** @description An affiliate program (the tenant) and its settings. */
        Program: {
            /** @description Program id (UUID). */
            id: string;
            /** @description Name, 1 to 200 characters. */
            name: string;
            /** @description The program's website host name, such as example.com; null: none. */
            domain: string | null;
            /** @description http(s) URL of the program's logo; null: none. */
            logoUrl: string | null;
        };
        /** @description A code typed at checkout: points at a coupon, optionally assigned to an affiliate. */
        PromotionalCode: {
            /** @description Code id (UUID). */
            id: string;
            /** @description The text typed at checkout: letters, numbers, hyphens and underscores, at most 64 characters, unique in the program (case-insensitively). */
            code: string;
            /** @description The parent coupon (UUID), whose discount the code applies. */
            couponId: string;
            /** @description The affiliate the code is assigned to (UUID); null: unassigned, and then it cannot be redeemed. */
            affiliateId: string | null;
            /** @description The code's id in a connected billing provider; null: none. */
            externalId: string | null;
            /** @description false: the code is refused (kept, not deleted). */
            active: boolean;
            /**
             * Format: date-time
             * @description The code is refused from this ISO 8601 date-time (UTC) on; null: it never expires.
             */
            expiresAt: string | null;
            /**
             * Format: int32
             * @description How many times the code may be redeemed; null: no limit of its own (the coupon's still applies).
             */
            maxRedemptions: number | null;
            /**
             * Format: int32
             * @description How many times it was redeemed by referrals and sales.
             */
            timesRedeemed: number;
            /** @description true: refused for customers who bought before. */
            firstTimeOrder: boolean;
            /** @description The smallest sale total it is accepted on, in minimumAmountCurrency as a decimal number; null: none. */
            minimumAmount: number | null;
            /** @description ISO 4217 code of minimumAmount; null: none. */
            minimumAmountCurrency: string | null;
            /** @description true: only the customer customerId may use the code. */
            limitToCustomers: boolean;
            /** @description The customer (its id in your system) the code is limited to; null: none. */
            customerId: string | null;
            /** @description Only the affiliate can use the code. */
            limitToAffiliate: boolean;
            /** @description true: the code was generated (from a codeStructure or a coupon's automatic rule). */
            isAutoGenerated: boolean;
            /**
             * Format: date-time
             * @description When it was created: an ISO 8601 date-time in UTC.
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When it last changed: an ISO 8601 date-time in UTC.
             */
            updatedAt: string;
            /** @description The parent coupon. */
            coupon: components["schemas"]["CouponCore"] | null;
            /** @description The assigned affiliate; null when the code is unassigned. */
            affiliate: components["schemas"]["AffiliateRef"] | null;
        };
        /** @description What the tracker (tracker.js) keeps after a visit with ?ref=: the click id for its first-party cookie, and how the program wants that cookie kept. */
        PublicClick: {
            /**
             * Format: int64
             * @description The click to keep: window.affiliateReferral, and what POST /referrals takes as affiliateId. null: nothing was recorded (a known robot).
             */
            clickId: number | null;
            /** @description true: this call counted a new click. false: a repeat by the same visitor on the link within 30 minutes, the click the trackingUrl counted already (click_id), or a robot. */
            counted: boolean;
            /**
             * Format: int32
             * @description Days to keep the cookie: the program's cookieWindowDays.
             */
            cookieWindowDays: number;
            /**
             * @description The program's attributionModel: a cookie set earlier in this browser is kept (first_click) or replaced (last_click).
             * @enum {string}
             */
            attributionModel: "first_click" | "last_click";
        };
        /** @description A person an affiliate sent who signed up. */
        Referral: {
            /** @description Referral id (UUID). */
            id: string;
            /** @description The affiliate credited with the referral (UUID). */
            affiliateId: string;
            /** @description The link it came through; null once that link is deleted. */
            linkId: string | null;
            /**
             * Format: int64
             * @description The click it was attributed through (a click id was sent); null otherwise.
             */
            clickId: number | null;
            /** @description The promotional code used (kept after the code is deleted); null: none. */
            promoCode: string | null;
            /** @description The referred user's name, 1 to 200 characters. */
            name: string;
            /** @description The referred user's email address. */
            email: string;
            /** @description The referred user's id in your own system, 1 to 200 characters. */
            referredUserExternalId: string;
            /**
             * @description The referred user's subscription; active when the referral is recorded.
             * @enum {string}
             */
            subscriptionStatus: "active" | "trialing" | "past_due" | "canceled" | "unpaid" | "incomplete" | "expired";
            /**
             * @description active while subscriptionStatus is active or trialing.
             * @enum {string}
             */
            status: "active" | "inactive";
            /** @description true: the affiliate referred itself: the referred email is the affiliate's own (case-insensitive, +tags ignored), or the click came from an address the affiliate is known at (that of the click behind one of its earlier self-referrals). Its sales' commissions stay pending until approveCommission or a refund. */
            selfReferral: boolean;
            /**
             * Format: date-time
             * @description When it was created: an ISO 8601 date-time in UTC.
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When it last changed: an ISO 8601 date-time in UTC.
             */
            updatedAt: string;
        };
        /** @description The answer of refundSale. */
        RefundSalePayload: {
            /** @description true when the sale was refunded before: nothing changed. */
            alreadyRefunded: boolean;
            /** @description The refunded sale. */
            sale: components["schemas"]["Sale"];
        };
        /** @description A purchase credited to an affiliate, with the commission recorded for it. */
        Sale: {
            /**
             * Format: int64
             * @description Sale id, a positive integer.
             */
            id: number;
            /** @description The sale's id in your system, unique in the program; null: none. */
            externalId: string | null;
            /** @description The invoice id in your system; null: none. */
            externalInvoiceId: string | null;
            /** @description The affiliate credited with the sale (UUID). */
            affiliateId: string;
            /** @description The referral it was attributed through (UUID); null: none. */
            referralId: string | null;
            /** @description The link it came through (UUID); null: none, or the link was deleted. */
            linkId: string | null;
            /** @description The promotional code used; null: none. */
            promoCode: string | null;
            /** @description The customer's name. */
            name: string;
            /** @description The customer's email. */
            email: string;
            /** @description ISO 4217 code of its amounts: the program currency when it was recorded. */
            currency: string;
            /** @description The sale total, in the program currency's units as a decimal number. Non-zero; negative for adjustments. */
            totalEarned: number;
            /** @description Tax of the sale, in the program currency's units as a decimal number. Deducted before the commission when the program sets deductTax. null: none. */
            tax: number | null;
            /** @description Shipping of the sale, in the program currency's units as a decimal number. Deducted before the commission when the program sets deductShipping. null: none. */
            shipping: number | null;
            /** @description The rate the commission was computed with. A percentage; null: none. */
            commissionRate: number | null;
            /** @description The commission currently recorded for the credited affiliate (0 once reversed), in the program currency's units as a decimal number. */
            commissionEarned: number;
            /**
             * @description The commission's status; null: the sale has no commission.
             * @enum {string|null}
             */
            commissionStatus: "pending" | "approved" | "paid" | "reversed" | null;
            /** @description true once refunded: its commission is reversed. */
            refunded: boolean;
            /**
             * Format: date-time
             * @description When it was refunded (ISO 8601, UTC); null: not refunded.
             */
            refundedAt: string | null;
            /** @description true: recorded past its customer's commission duration (the affiliate's commission plan), with a zero commission. */
            commissionLimitReached: boolean;
            /**
             * Format: date-time
             * @description When it was created: an ISO 8601 date-time in UTC.
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When it last changed: an ISO 8601 date-time in UTC.
             */
            updatedAt: string;
        };
        /** @description A program's activity over a window: totals and a time series. */
        Stats: {
            /**
             * Format: date-time
             * @description Start of the window (inclusive), ISO 8601 in UTC.
             */
            from: string;
            /**
             * Format: date-time
             * @description End of the window (exclusive), ISO 8601 in UTC.
             */
            to: string;
            /**
             * @description How the series is cut.
             * @enum {string}
             */
            interval: "day" | "week" | "month";
            /** @description The IANA time zone whose midnights start the buckets. */
            timeZone: string;
            /** @description ISO 4217 code of the money figures: the program currency. */
            currency: string;
            /** @description The figures of the whole window. */
            totals: components["schemas"]["StatsTotals"];
            /** @description Every bucket of the window in order, those without activity included (with zeros). */
            series: components["schemas"]["StatsBucket"][];
        };
        /** @description One bucket of a series: what happened from its start to the next bucket's. */
        StatsBucket: {
            /**
             * Format: date-time
             * @description Start of the bucket: local midnight in the time zone asked for, as an ISO 8601 date-time in UTC.
             */
            start: string;
            /**
             * Format: int32
             * @description Counted clicks on links (each visitor once per link and 30 minutes).
             */
            clicks: number;
            /**
             * Format: int32
             * @description Referrals created.
             */
            referrals: number;
            /**
             * Format: int32
             * @description Sales recorded (refunded ones included).
             */
            sales: number;
            /** @description Sum of the sales' totalEarned, in the program currency's units as a decimal number. */
            revenue: number;
            /** @description Sum of the sales' current commissionEarned (0 for a reversed commission), in the program currency's units as a decimal number. */
            commission: number;
            /**
             * Format: int32
             * @description Sales refunded in full, counted when they were refunded (a partial refund lowers commission, not this).
             */
            refunds: number;
            /** @description Sum of the totalEarned of sales refunded in full, counted when they were refunded (partial refunds not included), in the program currency's units as a decimal number. */
            refundedRevenue: number;
            /** @description Referrals per click (referrals / clicks, 4 decimals); 0 when there was no click. */
            conversionRate: number;
        };
        /** @description A whole window's figures: each equals the sum of the series' buckets. */
        StatsTotals: {
            /**
             * Format: int32
             * @description Counted clicks on links (each visitor once per link and 30 minutes).
             */
            clicks: number;
            /**
             * Format: int32
             * @description Referrals created.
             */
            referrals: number;
            /**
             * Format: int32
             * @description Sales recorded (refunded ones included).
             */
            sales: number;
            /** @description Sum of the sales' totalEarned, in the program currency's units as a decimal number. */
            revenue: number;
            /** @description Sum of the sales' current commissionEarned (0 for a reversed commission), in the program currency's units as a decimal number. */
            commission: number;
            /**
             * Format: int32
             * @description Sales refunded in full, counted when they were refunded (a partial refund lowers commission, not this).
             */
            refunds: number;
            /** @description Sum of the totalEarned of sales refunded in full, counted when they were refunded (partial refunds not included), in the program currency's units as a decimal number. */
            refundedRevenue: number;
            /** @description Referrals per click (referrals / clicks, 4 decimals); 0 when there was no click. */
            conversionRate: number;
        };
        /** @description How many records an update changed. */
        UpdateCountPayload: {
            /**
             * Format: int32
             * @description Number of records updated; 0 when nothing matched.
             */
            count: number;
        };
        /** @description The delivery of one event to one endpoint, retried until it succeeds or fails for good. */
        WebhookDelivery: {
            /** @description The endpoint (UUID). */
            endpointId: string;
            /** @description pending, succeeded or failed (retries exhausted, or 410). */
            status: string;
            /**
             * Format: int32
             * @description Attempts made in the current delivery cycle (a replay starts a new one).
             */
            attempts: number;
            /**
             * Format: date-time
             * @description When the next attempt is due (ISO 8601, UTC); null: not pending.
             */
            nextAttemptAt: string | null;
            /**
             * Format: date-time
             * @description When it was last attempted (ISO 8601, UTC); null: not attempted yet.
             */
            lastAttemptAt: string | null;
            /**
             * Format: int32
             * @description The HTTP status of the last attempt; null: no attempt or no answer.
             */
            lastStatus: number | null;
            /** @description What went wrong in the last attempt; null: nothing. */
            lastError: string | null;
        };
        /** @description A URL that receives the program's events, signed per Standard Webhooks. */
        WebhookEndpoint: {
            /** @description Endpoint id (UUID). */
            id: string;
            /** @description The http(s) URL events are POSTed to. */
            url: string;
            /** @description Your note about the endpoint; null: none. */
            description: string | null;
            /** @description Event types sent; empty means every event. */
            events: string[];
            /** @description false: nothing is sent to it (switched off by you, or by the service: see disabledReason). */
            enabled: boolean;
            /** @description Why the service disabled it (410 Gone, failing for 5 days). */
            disabledReason: string | null;
            /**
             * Format: date-time
             * @description When deliveries started failing (ISO 8601, UTC); after 5 days of failures the service disables the endpoint. null: not failing.
             */
            failingSince: string | null;
            /** @description The OAuth connection (connected app) whose partner subscribed it; revoking the connection deletes it. null: the program's own. */
            connectionId: string | null;
            /**
             * Format: date-time
             * @description When it was created: an ISO 8601 date-time in UTC.
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When it last changed: an ISO 8601 date-time in UTC.
             */
            updatedAt: string;
        };
        /** @description The input is missing a required field, holds an invalid value or an unlisted field, takes a unique value already used, or breaks a rule of the program. */
        ValidationError: {
            /** @description A human sentence saying what went wrong. */
            error: string;
            /**
             * @description The stable error code.
             * @enum {string}
             */
            code: "VALIDATION_FAILED" | "DUPLICATE" | "LIMIT_REACHED";
            /** @description The fields at fault, when the input is. */
            details?: {
                /**
                 * @description The input field (or header) at fault.
                 * @example email
                 */
                field: string;
                /**
                 * @description What is wrong with it.
                 * @example must be a valid email address
                 */
                message: string;
            }[];
        };
        /** @description The sale cannot be refunded any more. */
        RefundNotAllowedError: {
            /** @description A human sentence saying what went wrong. */
            error: string;
            /**
             * @description The stable error code.
             * @constant
             */
            code: "REFUND_NOT_ALLOWED";
            /** @description The fields at fault, when the input is. */
            details?: {
                /**
                 * @description The input field (or header) at fault.
                 * @example email
                 */
                field: string;
                /**
                 * @description What is wrong with it.
                 * @example must be a valid email address
                 */
                message: string;
            }[];
            /**
             * @description Why: the refund window passed, or the commission is in a payout batch, paid out or marked paid by hand.
             * @enum {string}
             */
            reason: "refund_window_expired" | "in_payout_batch" | "already_paid_out" | "manually_marked_paid";
        };
        /** @description No bearer token, or one that is malformed, unknown or revoked. */
        UnauthenticatedError: {
            /** @description A human sentence saying what went wrong. */
            error: string;
            /**
             * @description The stable error code.
             * @constant
             */
            code: "UNAUTHENTICATED";
            /** @description The fields at fault, when the input is. */
            details?: {
                /**
                 * @description The input field (or header) at fault.
                 * @example email
                 */
                field: string;
                /**
                 * @description What is wrong with it.
                 * @example must be a valid email address
                 */
                message: string;
            }[];
        };
        /** @description The token may not use this endpoint (a partner token outside its scope, a dashboard session on REST). */
        ForbiddenError: {
            /** @description A human sentence saying what went wrong. */
            error: string;
            /**
             * @description The stable error code.
             * @constant
             */
            code: "FORBIDDEN";
            /** @description The fields at fault, when the input is. */
            details?: {
                /**
                 * @description The input field (or header) at fault.
                 * @example email
                 */
                field: string;
                /**
                 * @description What is wrong with it.
                 * @example must be a valid email address
                 */
                message: string;
            }[];
        };
        /** @description No such record in the program, or no such endpoint. */
        NotFoundError: {
            /** @description A human sentence saying what went wrong. */
            error: string;
            /**
             * @description The stable error code.
             * @constant
             */
            code: "NOT_FOUND";
            /** @description The fields at fault, when the input is. */
            details?: {
                /**
                 * @description The input field (or header) at fault.
                 * @example email
                 */
                field: string;
                /**
                 * @description What is wrong with it.
                 * @example must be a valid email address
                 */
                message: string;
            }[];
        };
        /** @description A request with this Idempotency-Key is still running: retry shortly. */
        IdempotencyKeyInUseError: {
            /** @description A human sentence saying what went wrong. */
            error: string;
            /**
             * @description The stable error code.
             * @constant
             */
            code: "IDEMPOTENCY_KEY_IN_USE";
            /** @description The fields at fault, when the input is. */
            details?: {
                /**
                 * @description The input field (or header) at fault.
                 * @example email
                 */
                field: string;
                /**
                 * @description What is wrong with it.
                 * @example must be a valid email address
                 */
                message: string;
            }[];
        };
        /** @description This Idempotency-Key was used with a different request. */
        IdempotencyKeyReusedError: {
            /** @description A human sentence saying what went wrong. */
            error: string;
            /**
             * @description The stable error code.
             * @constant
             */
            code: "IDEMPOTENCY_KEY_REUSED";
            /** @description The fields at fault, when the input is. */
            details?: {
                /**
                 * @description The input field (or header) at fault.
                 * @example email
                 */
                field: string;
                /**
                 * @description What is wrong with it.
                 * @example must be a valid email address
                 */
                message: string;
            }[];
        };
        /** @description Too many requests for this token, endpoint and method: wait `Retry-After` seconds. */
        RateLimitedError: {
            /** @description A human sentence saying what went wrong. */
            error: string;
            /**
             * @description The stable error code.
             * @constant
             */
            code: "RATE_LIMITED";
            /** @description The fields at fault, when the input is. */
            details?: {
                /**
                 * @description The input field (or header) at fault.
                 * @example email
                 */
                field: string;
                /**
                 * @description What is wrong with it.
                 * @example must be a valid email address
                 */
                message: string;
            }[];
        };
        /** @description The operation failed; nothing internal is shown. The request id is also in the server log. */
        InternalError: {
            /** @description A human sentence saying what went wrong. */
            error: string;
            /**
             * @description The stable error code.
             * @constant
             */
            code: "INTERNAL";
            /** @description The fields at fault, when the input is. */
            details?: {
                /**
                 * @description The input field (or header) at fault.
                 * @example email
                 */
                field: string;
                /**
                 * @description What is wrong with it.
                 * @example must be a valid email address
                 */
                message: string;
            }[];
            /** @description Quote it to the operator. */
            requestId: string;
        };
        /** @description The database cannot be reached: retry after `Retry-After` seconds. */
        UnavailableError: {
            /** @description A human sentence saying what went wrong. */
            error: string;
            /**
             * @description The stable error code.
             * @constant
             */
            code: "UNAVAILABLE";
            /** @description The fields at fault, when the input is. */
            details?: {
                /**
                 * @description The input field (or header) at fault.
                 * @example email
                 */
                field: string;
                /**
                 * @description What is wrong with it.
                 * @example must be a valid email address
                 */
                message: string;
            }[];
        };
    };
    responses: never;
    parameters: {
        /** @description Makes a retry safe: kept 24 h per token; a repeat answers the first answer with `Idempotent-Replayed: true`, a different request under the same key is 422, one still running is 409. 1 to 255 visible ASCII characters. */
        IdempotencyKey: string;
    };
    requestBodies: never;
    headers: {
        /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. */
        RateLimit: string;
        /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. */
        "RateLimit-Policy": string;
        /** @description Seconds to wait before retrying. */
        "Retry-After": number;
        /** @description Present (`true`) when this is the stored answer of an earlier request: the same Idempotency-Key, or a sale whose `externalId` was already recorded. */
        "Idempotent-Replayed": "true";
        /** @description The calling page's origin, echoed when it is the origin of one of the program's base URLs (CORS); absent for a call without an `Origin` header. */
        "Access-Control-Allow-Origin": string;
        /** @description With `limit`: the `after` value of the next page; absent on the last page. */
        "X-Next-Cursor": string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getAffiliates: {
        parameters: {
            query?: {
                /** @description The affiliate: its UUID, one of its link slugs or a numeric click id (at most 200 characters). */
                id?: string;
                /** @description The affiliate's email (at most 254 characters); ignored when id is set. */
                email?: string;
                /** @description One page of at most this many items instead of the whole list; the `X-Next-Cursor` header then names the next page. */
                limit?: number;
                /** @description The `X-Next-Cursor` of the page before: the page after it. */
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The single record, or null when nothing matches, or the list (one JSON array). */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Next-Cursor": components["headers"]["X-Next-Cursor"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": (components["schemas"]["Affiliate"] | null) | components["schemas"]["Affiliate"][];
                };
            };
            /** @description Invalid input or a violated rule */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "email is required",
                     *       "code": "VALIDATION_FAILED",
                     *       "details": [
                     *         {
                     *           "field": "email",
                     *           "message": "email is required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Send \"Authorization: Bearer <API key>\"",
                     *       "code": "UNAUTHENTICATED"
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            /** @description The token may not use this endpoint */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A partner token may not use coupons",
                     *       "code": "FORBIDDEN"
                     *     }
                     */
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description No such record (or endpoint) */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Not found",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Rate limit exceeded; retry in 12 s",
                     *       "code": "RATE_LIMITED"
                     *     }
                     */
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description The operation failed */
            500: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error (request id 7f3c2a)",
                     *       "code": "INTERNAL",
                     *       "requestId": "7f3c2a"
                     *     }
                     */
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description Temporarily unavailable */
            503: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The service is temporarily unavailable; retry shortly",
                     *       "code": "UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["UnavailableError"];
                };
            };
        };
    };
    updateAffiliate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: kept 24 h per token; a repeat answers the first answer with `Idempotent-Replayed: true`, a different request under the same key is 422, one still running is 409. 1 to 255 visible ASCII characters. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "affiliateId": "0192f0c4-5f6e-7a1b-8c9d-0e1f2a3b4c5d",
                 *       "commissionRate": 30
                 *     }
                 */
                "application/json": {
                    /** @description The affiliate: its UUID, one of its link slugs or a numeric click id (at most 200 characters). Wins over emailAddress. */
                    affiliateId?: string | null;
                    /** @description The affiliate's current email, when affiliateId is not sent (at most 254 characters). */
                    emailAddress?: string | null;
                    /** @description Adds another link; never renames or replaces one. Letters, numbers and hyphens, at most 100 characters, unused in the program. */
                    affiliateLink?: string | null;
                    /** @description New first name, 1 to 200 characters. Cannot be cleared. */
                    firstName?: string;
                    /** @description New last name, 1 to 200 characters. Cannot be cleared. */
                    lastName?: string;
                    /**
                     * Format: email
                     * @description New email address, unused by other affiliates of the program. Cannot be cleared.
                     */
                    email?: string;
                    /** @description Own rate, percentage 0 to 100. null returns the affiliate to the inherited rate. */
                    commissionRate?: number | null;
                    /**
                     * @description New status; null or omitted keeps the current one.
                     * @enum {string|null}
                     */
                    affiliateStatus?: "active" | "pending" | "inactive" | "rejected" | null;
                    /** @description A commission plan of the program (of its group, when the affiliate has one); null removes it. */
                    commissionPlanId?: string | null;
                    /** @description An affiliate group of the program; null removes it. */
                    affiliateGroupId?: string | null;
                    /**
                     * @description How the affiliate is paid; null clears it. paypal and wise need a payoutEmail, stripe_connect a stripeAccountId (sent now or kept). Not for partner tokens: sent with one (null too), the update is FORBIDDEN and changes nothing.
                     * @enum {string|null}
                     */
                    payoutMethod?: "paypal" | "wise" | "stripe_connect" | "manual" | null;
                    /** @description PayPal or Wise email address (at most 254 characters); '' or null clears it. Not for partner tokens: sent with one (null too), the update is FORBIDDEN and changes nothing. */
                    payoutEmail?: string | null;
                    /** @description Stripe connected account id such as acct_1A2b3C; '' or null clears it. Not for partner tokens: sent with one (null too), the update is FORBIDDEN and changes nothing. */
                    stripeAccountId?: string | null;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UpdateCountPayload"];
                };
            };
            /** @description Invalid input or a violated rule */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "email is required",
                     *       "code": "VALIDATION_FAILED",
                     *       "details": [
                     *         {
                     *           "field": "email",
                     *           "message": "email is required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Send \"Authorization: Bearer <API key>\"",
                     *       "code": "UNAUTHENTICATED"
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            /** @description The token may not use this endpoint */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A partner token may not use coupons",
                     *       "code": "FORBIDDEN"
                     *     }
                     */
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description No such record (or endpoint) */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Not found",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description The same Idempotency-Key is still being processed */
            409: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A request with this Idempotency-Key is still being processed; retry shortly",
                     *       "code": "IDEMPOTENCY_KEY_IN_USE"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyInUseError"];
                };
            };
            /** @description The Idempotency-Key was used with another request */
            422: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "This Idempotency-Key was used with a different request",
                     *       "code": "IDEMPOTENCY_KEY_REUSED"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyReusedError"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Rate limit exceeded; retry in 12 s",
                     *       "code": "RATE_LIMITED"
                     *     }
                     */
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description The operation failed */
            500: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error (request id 7f3c2a)",
                     *       "code": "INTERNAL",
                     *       "requestId": "7f3c2a"
                     *     }
                     */
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description Temporarily unavailable */
            503: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The service is temporarily unavailable; retry shortly",
                     *       "code": "UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["UnavailableError"];
                };
            };
        };
    };
    createAffiliate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: kept 24 h per token; a repeat answers the first answer with `Idempotent-Replayed: true`, a different request under the same key is 422, one still running is 409. 1 to 255 visible ASCII characters. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "firstName": "Ada",
                 *       "lastName": "Lovelace",
                 *       "email": "ada@example.com",
                 *       "affiliateLink": "ada",
                 *       "commissionRate": 25
                 *     }
                 */
                "application/json": {
                    /** @description Required, 1 to 200 characters. */
                    firstName: string;
                    /** @description Required, 1 to 200 characters. */
                    lastName: string;
                    /**
                     * Format: email
                     * @description Required; a valid email address not yet used by another affiliate of the program.
                     */
                    email: string;
                    /** @description Slug of the first link; generated from the email when omitted. Letters, numbers and hyphens, at most 100 characters; a slug already in use fails (no other is chosen). */
                    affiliateLink?: string | null;
                    /** @description Percentage, 0 to 100; inherits the plan or program rate when omitted. */
                    commissionRate?: number | null;
                    /**
                     * @description Defaults by the program auto-approve setting: active, else pending.
                     * @enum {string|null}
                     */
                    affiliateStatus?: "active" | "pending" | "inactive" | "rejected" | null;
                    /** @description false: no welcome email. Default true: an active affiliate gets the welcome with its portal and first link, a pending one that its application was received. */
                    sendWelcomeEmail?: boolean | null;
                    /** @description A commission plan of the program; with affiliateGroupId, a plan of that group. */
                    commissionPlanId?: string | null;
                    /** @description An affiliate group of the program. */
                    affiliateGroupId?: string | null;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Affiliate"];
                };
            };
            /** @description Invalid input or a violated rule */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "email is required",
                     *       "code": "VALIDATION_FAILED",
                     *       "details": [
                     *         {
                     *           "field": "email",
                     *           "message": "email is required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Send \"Authorization: Bearer <API key>\"",
                     *       "code": "UNAUTHENTICATED"
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            /** @description The token may not use this endpoint */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A partner token may not use coupons",
                     *       "code": "FORBIDDEN"
                     *     }
                     */
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description No such record (or endpoint) */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Not found",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description The same Idempotency-Key is still being processed */
            409: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A request with this Idempotency-Key is still being processed; retry shortly",
                     *       "code": "IDEMPOTENCY_KEY_IN_USE"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyInUseError"];
                };
            };
            /** @description The Idempotency-Key was used with another request */
            422: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "This Idempotency-Key was used with a different request",
                     *       "code": "IDEMPOTENCY_KEY_REUSED"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyReusedError"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Rate limit exceeded; retry in 12 s",
                     *       "code": "RATE_LIMITED"
                     *     }
                     */
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description The operation failed */
            500: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error (request id 7f3c2a)",
                     *       "code": "INTERNAL",
                     *       "requestId": "7f3c2a"
                     *     }
                     */
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description Temporarily unavailable */
            503: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The service is temporarily unavailable; retry shortly",
                     *       "code": "UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["UnavailableError"];
                };
            };
        };
    };
    deleteAffiliate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: kept 24 h per token; a repeat answers the first answer with `Idempotent-Replayed: true`, a different request under the same key is 422, one still running is 409. 1 to 255 visible ASCII characters. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "affiliateId": "ada@example.com"
                 *     }
                 */
                "application/json": {
                    /** @description The affiliate's UUID or email (at most 254 characters). */
                    affiliateId: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeleteAffiliatePayload"];
                };
            };
            /** @description Invalid input or a violated rule */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "email is required",
                     *       "code": "VALIDATION_FAILED",
                     *       "details": [
                     *         {
                     *           "field": "email",
                     *           "message": "email is required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Send \"Authorization: Bearer <API key>\"",
                     *       "code": "UNAUTHENTICATED"
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            /** @description The token may not use this endpoint */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A partner token may not use coupons",
                     *       "code": "FORBIDDEN"
                     *     }
                     */
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description No such record (or endpoint) */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Not found",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description The same Idempotency-Key is still being processed */
            409: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A request with this Idempotency-Key is still being processed; retry shortly",
                     *       "code": "IDEMPOTENCY_KEY_IN_USE"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyInUseError"];
                };
            };
            /** @description The Idempotency-Key was used with another request */
            422: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "This Idempotency-Key was used with a different request",
                     *       "code": "IDEMPOTENCY_KEY_REUSED"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyReusedError"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Rate limit exceeded; retry in 12 s",
                     *       "code": "RATE_LIMITED"
                     *     }
                     */
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description The operation failed */
            500: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error (request id 7f3c2a)",
                     *       "code": "INTERNAL",
                     *       "requestId": "7f3c2a"
                     *     }
                     */
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description Temporarily unavailable */
            503: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The service is temporarily unavailable; retry shortly",
                     *       "code": "UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["UnavailableError"];
                };
            };
        };
    };
    getReferrals: {
        parameters: {
            query?: {
                /** @description A referral UUID or a referred email (at most 254 characters). */
                id?: string;
                /** @description The credited affiliate's UUID; any other value matches nothing. */
                affiliateId?: string;
                /** @description The affiliate's email (at most 254 characters). */
                affiliateEmail?: string;
                /** @description Matched against referredUserExternalId. */
                externalId?: string;
                /** @description One page of at most this many items instead of the whole list; the `X-Next-Cursor` header then names the next page. */
                limit?: number;
                /** @description The `X-Next-Cursor` of the page before: the page after it. */
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The single record, or null when nothing matches, or the list (one JSON array). */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Next-Cursor": components["headers"]["X-Next-Cursor"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": (components["schemas"]["Referral"] | null) | components["schemas"]["Referral"][];
                };
            };
            /** @description Invalid input or a violated rule */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "email is required",
                     *       "code": "VALIDATION_FAILED",
                     *       "details": [
                     *         {
                     *           "field": "email",
                     *           "message": "email is required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Send \"Authorization: Bearer <API key>\"",
                     *       "code": "UNAUTHENTICATED"
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            /** @description The token may not use this endpoint */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A partner token may not use coupons",
                     *       "code": "FORBIDDEN"
                     *     }
                     */
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description No such record (or endpoint) */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Not found",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Rate limit exceeded; retry in 12 s",
                     *       "code": "RATE_LIMITED"
                     *     }
                     */
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description The operation failed */
            500: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error (request id 7f3c2a)",
                     *       "code": "INTERNAL",
                     *       "requestId": "7f3c2a"
                     *     }
                     */
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description Temporarily unavailable */
            503: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The service is temporarily unavailable; retry shortly",
                     *       "code": "UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["UnavailableError"];
                };
            };
        };
    };
    updateReferral: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: kept 24 h per token; a repeat answers the first answer with `Idempotent-Replayed: true`, a different request under the same key is 422, one still running is 409. 1 to 255 visible ASCII characters. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "referralId": "0192f0c4-5f6e-7a1b-8c9d-0e1f2a3b4c5d",
                 *       "subscriptionStatus": "canceled"
                 *     }
                 */
                "application/json": {
                    /** @description The referral to change (UUID of a referral of the program). */
                    referralId: string;
                    /**
                     * @description The new subscription state; it sets status. Cannot be cleared.
                     * @enum {string}
                     */
                    subscriptionStatus?: "active" | "trialing" | "past_due" | "canceled" | "unpaid" | "incomplete" | "expired";
                    /** @description The referred user's name, 1 to 200 characters. Cannot be cleared. */
                    name?: string;
                    /**
                     * Format: email
                     * @description The referred user's email address. Cannot be cleared.
                     */
                    email?: string;
                    /** @description The referred user's id in your own system, 1 to 200 characters. Cannot be cleared. */
                    referredUserExternalId?: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Referral"];
                };
            };
            /** @description Invalid input or a violated rule */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "email is required",
                     *       "code": "VALIDATION_FAILED",
                     *       "details": [
                     *         {
                     *           "field": "email",
                     *           "message": "email is required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Send \"Authorization: Bearer <API key>\"",
                     *       "code": "UNAUTHENTICATED"
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            /** @description The token may not use this endpoint */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A partner token may not use coupons",
                     *       "code": "FORBIDDEN"
                     *     }
                     */
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description No such record (or endpoint) */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Not found",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description The same Idempotency-Key is still being processed */
            409: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A request with this Idempotency-Key is still being processed; retry shortly",
                     *       "code": "IDEMPOTENCY_KEY_IN_USE"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyInUseError"];
                };
            };
            /** @description The Idempotency-Key was used with another request */
            422: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "This Idempotency-Key was used with a different request",
                     *       "code": "IDEMPOTENCY_KEY_REUSED"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyReusedError"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Rate limit exceeded; retry in 12 s",
                     *       "code": "RATE_LIMITED"
                     *     }
                     */
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description The operation failed */
            500: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error (request id 7f3c2a)",
                     *       "code": "INTERNAL",
                     *       "requestId": "7f3c2a"
                     *     }
                     */
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description Temporarily unavailable */
            503: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The service is temporarily unavailable; retry shortly",
                     *       "code": "UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["UnavailableError"];
                };
            };
        };
    };
    createReferral: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: kept 24 h per token; a repeat answers the first answer with `Idempotent-Replayed: true`, a different request under the same key is 422, one still running is 409. 1 to 255 visible ASCII characters. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "affiliateId": "ada",
                 *       "name": "Grace Hopper",
                 *       "email": "grace@example.com",
                 *       "referredUserExternalId": "cus_123"
                 *     }
                 */
                "application/json": {
                    /** @description The affiliate: its UUID, one of its link slugs or a numeric click id (at most 200 characters). */
                    affiliateId?: string | null;
                    /** @description The affiliate's email (at most 254 characters). */
                    affiliateEmail?: string | null;
                    /** @description A promotional code (at most 200 characters); its affiliate is credited. It must exist, be active and unexpired, be under its own and its coupon's limits and have an affiliate; it is then redeemed. */
                    promoCode?: string | null;
                    /** @description Required. The referred user's name, 1 to 200 characters. */
                    name: string;
                    /**
                     * Format: email
                     * @description Required. The referred user's email address.
                     */
                    email: string;
                    /** @description Required. The referred user's id in your own system, 1 to 200 characters. */
                    referredUserExternalId: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Referral"] | null;
                };
            };
            /** @description Invalid input or a violated rule */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "email is required",
                     *       "code": "VALIDATION_FAILED",
                     *       "details": [
                     *         {
                     *           "field": "email",
                     *           "message": "email is required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Send \"Authorization: Bearer <API key>\"",
                     *       "code": "UNAUTHENTICATED"
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            /** @description The token may not use this endpoint */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A partner token may not use coupons",
                     *       "code": "FORBIDDEN"
                     *     }
                     */
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description No such record (or endpoint) */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Not found",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description The same Idempotency-Key is still being processed */
            409: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A request with this Idempotency-Key is still being processed; retry shortly",
                     *       "code": "IDEMPOTENCY_KEY_IN_USE"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyInUseError"];
                };
            };
            /** @description The Idempotency-Key was used with another request */
            422: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "This Idempotency-Key was used with a different request",
                     *       "code": "IDEMPOTENCY_KEY_REUSED"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyReusedError"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Rate limit exceeded; retry in 12 s",
                     *       "code": "RATE_LIMITED"
                     *     }
                     */
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description The operation failed */
            500: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error (request id 7f3c2a)",
                     *       "code": "INTERNAL",
                     *       "requestId": "7f3c2a"
                     *     }
                     */
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description Temporarily unavailable */
            503: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The service is temporarily unavailable; retry shortly",
                     *       "code": "UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["UnavailableError"];
                };
            };
        };
    };
    deleteReferral: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: kept 24 h per token; a repeat answers the first answer with `Idempotent-Replayed: true`, a different request under the same key is 422, one still running is 409. 1 to 255 visible ASCII characters. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "referralId": "0192f0c4-5f6e-7a1b-8c9d-0e1f2a3b4c5d"
                 *     }
                 */
                "application/json": {
                    /** @description A referral UUID, or a referred email: all its referrals (at most 254 characters). */
                    referralId: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeleteReferralPayload"];
                };
            };
            /** @description Invalid input or a violated rule */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "email is required",
                     *       "code": "VALIDATION_FAILED",
                     *       "details": [
                     *         {
                     *           "field": "email",
                     *           "message": "email is required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Send \"Authorization: Bearer <API key>\"",
                     *       "code": "UNAUTHENTICATED"
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            /** @description The token may not use this endpoint */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A partner token may not use coupons",
                     *       "code": "FORBIDDEN"
                     *     }
                     */
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description No such record (or endpoint) */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Not found",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description The same Idempotency-Key is still being processed */
            409: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A request with this Idempotency-Key is still being processed; retry shortly",
                     *       "code": "IDEMPOTENCY_KEY_IN_USE"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyInUseError"];
                };
            };
            /** @description The Idempotency-Key was used with another request */
            422: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "This Idempotency-Key was used with a different request",
                     *       "code": "IDEMPOTENCY_KEY_REUSED"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyReusedError"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Rate limit exceeded; retry in 12 s",
                     *       "code": "RATE_LIMITED"
                     *     }
                     */
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description The operation failed */
            500: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error (request id 7f3c2a)",
                     *       "code": "INTERNAL",
                     *       "requestId": "7f3c2a"
                     *     }
                     */
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description Temporarily unavailable */
            503: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The service is temporarily unavailable; retry shortly",
                     *       "code": "UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["UnavailableError"];
                };
            };
        };
    };
    listLinks: {
        parameters: {
            query?: {
                /** @description The link id (UUID). Any other value matches nothing. */
                id?: string;
                /** @description The slug, compared case-insensitively (at most 200 characters). */
                link?: string;
                /** @description The owner's UUID; any other value matches nothing. */
                affiliateId?: string;
                /** @description The affiliate's email (at most 254 characters). */
                affiliateEmail?: string;
                /** @description One page of at most this many items instead of the whole list; the `X-Next-Cursor` header then names the next page. */
                limit?: number;
                /** @description The `X-Next-Cursor` of the page before: the page after it. */
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list: one JSON array (or one page of it with `limit`). */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Next-Cursor": components["headers"]["X-Next-Cursor"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Link"][];
                };
            };
            /** @description Invalid input or a violated rule */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "email is required",
                     *       "code": "VALIDATION_FAILED",
                     *       "details": [
                     *         {
                     *           "field": "email",
                     *           "message": "email is required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Send \"Authorization: Bearer <API key>\"",
                     *       "code": "UNAUTHENTICATED"
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            /** @description The token may not use this endpoint */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A partner token may not use coupons",
                     *       "code": "FORBIDDEN"
                     *     }
                     */
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description No such record (or endpoint) */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Not found",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Rate limit exceeded; retry in 12 s",
                     *       "code": "RATE_LIMITED"
                     *     }
                     */
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description The operation failed */
            500: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error (request id 7f3c2a)",
                     *       "code": "INTERNAL",
                     *       "requestId": "7f3c2a"
                     *     }
                     */
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description Temporarily unavailable */
            503: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The service is temporarily unavailable; retry shortly",
                     *       "code": "UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["UnavailableError"];
                };
            };
        };
    };
    renameLink: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: kept 24 h per token; a repeat answers the first answer with `Idempotent-Replayed: true`, a different request under the same key is 422, one still running is 409. 1 to 255 visible ASCII characters. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "link": "ada-spring",
                 *       "newLink": "ada-summer"
                 *     }
                 */
                "application/json": {
                    /** @description The link id (UUID). */
                    id?: string | null;
                    /** @description The link's current slug, when id is not sent. */
                    link?: string | null;
                    /** @description The new slug. Letters, numbers and hyphens only, at most 100 characters, unique in the program (case-insensitively). */
                    newLink: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Link"];
                };
            };
            /** @description Invalid input or a violated rule */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "email is required",
                     *       "code": "VALIDATION_FAILED",
                     *       "details": [
                     *         {
                     *           "field": "email",
                     *           "message": "email is required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Send \"Authorization: Bearer <API key>\"",
                     *       "code": "UNAUTHENTICATED"
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            /** @description The token may not use this endpoint */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A partner token may not use coupons",
                     *       "code": "FORBIDDEN"
                     *     }
                     */
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description No such record (or endpoint) */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Not found",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description The same Idempotency-Key is still being processed */
            409: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A request with this Idempotency-Key is still being processed; retry shortly",
                     *       "code": "IDEMPOTENCY_KEY_IN_USE"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyInUseError"];
                };
            };
            /** @description The Idempotency-Key was used with another request */
            422: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "This Idempotency-Key was used with a different request",
                     *       "code": "IDEMPOTENCY_KEY_REUSED"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyReusedError"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Rate limit exceeded; retry in 12 s",
                     *       "code": "RATE_LIMITED"
                     *     }
                     */
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description The operation failed */
            500: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error (request id 7f3c2a)",
                     *       "code": "INTERNAL",
                     *       "requestId": "7f3c2a"
                     *     }
                     */
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description Temporarily unavailable */
            503: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The service is temporarily unavailable; retry shortly",
                     *       "code": "UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["UnavailableError"];
                };
            };
        };
    };
    createLink: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: kept 24 h per token; a repeat answers the first answer with `Idempotent-Replayed: true`, a different request under the same key is 422, one still running is 409. 1 to 255 visible ASCII characters. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "link": "ada-spring",
                 *       "affiliateEmail": "ada@example.com"
                 *     }
                 */
                "application/json": {
                    /** @description The slug. Letters, numbers and hyphens only, at most 100 characters, unique in the program (case-insensitively). */
                    link: string;
                    /** @description The affiliate: its UUID, one of its link slugs or a numeric click id (at most 200 characters). Wins over affiliateEmail. */
                    affiliateId?: string | null;
                    /** @description The affiliate's email (at most 254 characters). Used when affiliateId is not sent. */
                    affiliateEmail?: string | null;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Link"];
                };
            };
            /** @description Invalid input or a violated rule */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "email is required",
                     *       "code": "VALIDATION_FAILED",
                     *       "details": [
                     *         {
                     *           "field": "email",
                     *           "message": "email is required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Send \"Authorization: Bearer <API key>\"",
                     *       "code": "UNAUTHENTICATED"
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            /** @description The token may not use this endpoint */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A partner token may not use coupons",
                     *       "code": "FORBIDDEN"
                     *     }
                     */
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description No such record (or endpoint) */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Not found",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description The same Idempotency-Key is still being processed */
            409: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A request with this Idempotency-Key is still being processed; retry shortly",
                     *       "code": "IDEMPOTENCY_KEY_IN_USE"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyInUseError"];
                };
            };
            /** @description The Idempotency-Key was used with another request */
            422: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "This Idempotency-Key was used with a different request",
                     *       "code": "IDEMPOTENCY_KEY_REUSED"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyReusedError"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Rate limit exceeded; retry in 12 s",
                     *       "code": "RATE_LIMITED"
                     *     }
                     */
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description The operation failed */
            500: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error (request id 7f3c2a)",
                     *       "code": "INTERNAL",
                     *       "requestId": "7f3c2a"
                     *     }
                     */
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description Temporarily unavailable */
            503: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The service is temporarily unavailable; retry shortly",
                     *       "code": "UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["UnavailableError"];
                };
            };
        };
    };
    deleteLink: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: kept 24 h per token; a repeat answers the first answer with `Idempotent-Replayed: true`, a different request under the same key is 422, one still running is 409. 1 to 255 visible ASCII characters. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "link": "ada-summer"
                 *     }
                 */
                "application/json": {
                    /** @description The link id (UUID). */
                    id?: string | null;
                    /** @description The link's current slug, when id is not sent. */
                    link?: string | null;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeleteLinkPayload"];
                };
            };
            /** @description Invalid input or a violated rule */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "email is required",
                     *       "code": "VALIDATION_FAILED",
                     *       "details": [
                     *         {
                     *           "field": "email",
                     *           "message": "email is required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Send \"Authorization: Bearer <API key>\"",
                     *       "code": "UNAUTHENTICATED"
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            /** @description The token may not use this endpoint */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A partner token may not use coupons",
                     *       "code": "FORBIDDEN"
                     *     }
                     */
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description No such record (or endpoint) */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Not found",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description The same Idempotency-Key is still being processed */
            409: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A request with this Idempotency-Key is still being processed; retry shortly",
                     *       "code": "IDEMPOTENCY_KEY_IN_USE"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyInUseError"];
                };
            };
            /** @description The Idempotency-Key was used with another request */
            422: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "This Idempotency-Key was used with a different request",
                     *       "code": "IDEMPOTENCY_KEY_REUSED"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyReusedError"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Rate limit exceeded; retry in 12 s",
                     *       "code": "RATE_LIMITED"
                     *     }
                     */
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description The operation failed */
            500: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error (request id 7f3c2a)",
                     *       "code": "INTERNAL",
                     *       "requestId": "7f3c2a"
                     *     }
                     */
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description Temporarily unavailable */
            503: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The service is temporarily unavailable; retry shortly",
                     *       "code": "UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["UnavailableError"];
                };
            };
        };
    };
    getCoupons: {
        parameters: {
            query?: {
                /** @description The coupon id (UUID); any other value matches nothing. */
                id?: string;
                /** @description The coupon's externalId (at most 200 characters). */
                externalId?: string;
                /** @description The coupon name, compared case-insensitively (an exact match first). */
                name?: string;
                /** @description One page of at most this many items instead of the whole list; the `X-Next-Cursor` header then names the next page. */
                limit?: number;
                /** @description The `X-Next-Cursor` of the page before: the page after it. */
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The single record, or null when nothing matches, or the list (one JSON array). */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Next-Cursor": components["headers"]["X-Next-Cursor"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": (components["schemas"]["Coupon"] | null) | components["schemas"]["Coupon"][];
                };
            };
            /** @description Invalid input or a violated rule */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "email is required",
                     *       "code": "VALIDATION_FAILED",
                     *       "details": [
                     *         {
                     *           "field": "email",
                     *           "message": "email is required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Send \"Authorization: Bearer <API key>\"",
                     *       "code": "UNAUTHENTICATED"
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            /** @description The token may not use this endpoint */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A partner token may not use coupons",
                     *       "code": "FORBIDDEN"
                     *     }
                     */
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description No such record (or endpoint) */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Not found",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Rate limit exceeded; retry in 12 s",
                     *       "code": "RATE_LIMITED"
                     *     }
                     */
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description The operation failed */
            500: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error (request id 7f3c2a)",
                     *       "code": "INTERNAL",
                     *       "requestId": "7f3c2a"
                     *     }
                     */
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description Temporarily unavailable */
            503: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The service is temporarily unavailable; retry shortly",
                     *       "code": "UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["UnavailableError"];
                };
            };
        };
    };
    updateCoupon: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: kept 24 h per token; a repeat answers the first answer with `Idempotent-Replayed: true`, a different request under the same key is 422, one still running is 409. 1 to 255 visible ASCII characters. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "couponId": "0192f0c4-5f6e-7a1b-8c9d-0e1f2a3b4c5d",
                 *       "percentOff": 25
                 *     }
                 */
                "application/json": {
                    /** @description The coupon (UUID). */
                    couponId: string;
                    /** @description New name, 1 to 200 characters. Cannot be cleared. */
                    name?: string;
                    /**
                     * @description PERCENTAGE when omitted on creation.
                     * @enum {string|null}
                     */
                    couponType?: "PERCENTAGE" | "FLAT" | null;
                    /** @description 1 to 100 (at most 4 decimals); PERCENTAGE coupons. */
                    percentOff?: number | null;
                    /** @description Greater than zero; FLAT coupons (with currency). In currency's units as a decimal number, at most 6 decimals. */
                    amountOff?: number | null;
                    /** @description ISO 4217 code of amountOff (3 letters); FLAT coupons need one. '' means none. */
                    currency?: string | null;
                    /**
                     * @description forever when omitted on creation.
                     * @enum {string|null}
                     */
                    duration?: "once" | "forever" | "repeating" | null;
                    /** @description Required when duration is repeating. 1 to 1200. */
                    durationInMonths?: number | null;
                    /** @description How many times codes of the coupon may be redeemed in all: 0 to 2000000000, not below timesRedeemed. null: no limit. */
                    maxRedemptions?: number | null;
                    /** @description true: the discount is limited to productIds (not checked here). Default on creation: false. */
                    limitToProducts?: boolean | null;
                    /** @description Product ids in the billing provider: at most 1000, each at most 200 characters. */
                    productIds?: string[] | null;
                    /** @description false stops the coupon being applied: its codes are refused. Default on creation: true. */
                    valid?: boolean | null;
                    /**
                     * Format: date-time
                     * @description ISO 8601 date-time from which its codes are refused; null: no end.
                     */
                    redeemBy?: string | null;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Coupon"];
                };
            };
            /** @description Invalid input or a violated rule */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "email is required",
                     *       "code": "VALIDATION_FAILED",
                     *       "details": [
                     *         {
                     *           "field": "email",
                     *           "message": "email is required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Send \"Authorization: Bearer <API key>\"",
                     *       "code": "UNAUTHENTICATED"
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            /** @description The token may not use this endpoint */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A partner token may not use coupons",
                     *       "code": "FORBIDDEN"
                     *     }
                     */
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description No such record (or endpoint) */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Not found",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description The same Idempotency-Key is still being processed */
            409: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A request with this Idempotency-Key is still being processed; retry shortly",
                     *       "code": "IDEMPOTENCY_KEY_IN_USE"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyInUseError"];
                };
            };
            /** @description The Idempotency-Key was used with another request */
            422: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "This Idempotency-Key was used with a different request",
                     *       "code": "IDEMPOTENCY_KEY_REUSED"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyReusedError"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Rate limit exceeded; retry in 12 s",
                     *       "code": "RATE_LIMITED"
                     *     }
                     */
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description The operation failed */
            500: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error (request id 7f3c2a)",
                     *       "code": "INTERNAL",
                     *       "requestId": "7f3c2a"
                     *     }
                     */
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description Temporarily unavailable */
            503: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The service is temporarily unavailable; retry shortly",
                     *       "code": "UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["UnavailableError"];
                };
            };
        };
    };
    createCoupon: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: kept 24 h per token; a repeat answers the first answer with `Idempotent-Replayed: true`, a different request under the same key is 422, one still running is 409. 1 to 255 visible ASCII characters. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Spring sale",
                 *       "couponType": "PERCENTAGE",
                 *       "percentOff": 20,
                 *       "duration": "once"
                 *     }
                 */
                "application/json": {
                    /** @description Required (a missing one is VALIDATION_FAILED), 1 to 200 characters. */
                    name: string;
                    /**
                     * @description PERCENTAGE when omitted on creation.
                     * @enum {string|null}
                     */
                    couponType?: "PERCENTAGE" | "FLAT" | null;
                    /** @description 1 to 100 (at most 4 decimals); PERCENTAGE coupons. */
                    percentOff?: number | null;
                    /** @description Greater than zero; FLAT coupons (with currency). In currency's units as a decimal number, at most 6 decimals. */
                    amountOff?: number | null;
                    /** @description ISO 4217 code of amountOff (3 letters); FLAT coupons need one. '' means none. */
                    currency?: string | null;
                    /**
                     * @description forever when omitted on creation.
                     * @enum {string|null}
                     */
                    duration?: "once" | "forever" | "repeating" | null;
                    /** @description Required when duration is repeating. 1 to 1200. */
                    durationInMonths?: number | null;
                    /** @description How many times codes of the coupon may be redeemed in all: 0 to 2000000000, not below timesRedeemed. null: no limit. */
                    maxRedemptions?: number | null;
                    /** @description true: the discount is limited to productIds (not checked here). Default on creation: false. */
                    limitToProducts?: boolean | null;
                    /** @description Product ids in the billing provider: at most 1000, each at most 200 characters. */
                    productIds?: string[] | null;
                    /** @description false stops the coupon being applied: its codes are refused. Default on creation: true. */
                    valid?: boolean | null;
                    /**
                     * Format: date-time
                     * @description ISO 8601 date-time from which its codes are refused; null: no end.
                     */
                    redeemBy?: string | null;
                    /** @description Unique in the program. The coupon's id in a billing provider, at most 200 characters. */
                    externalId?: string | null;
                    /** @description The billing integration the coupon belongs to, at most 100 characters. */
                    integrationType?: string | null;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Coupon"];
                };
            };
            /** @description Invalid input or a violated rule */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "email is required",
                     *       "code": "VALIDATION_FAILED",
                     *       "details": [
                     *         {
                     *           "field": "email",
                     *           "message": "email is required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Send \"Authorization: Bearer <API key>\"",
                     *       "code": "UNAUTHENTICATED"
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            /** @description The token may not use this endpoint */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A partner token may not use coupons",
                     *       "code": "FORBIDDEN"
                     *     }
                     */
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description No such record (or endpoint) */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Not found",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description The same Idempotency-Key is still being processed */
            409: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A request with this Idempotency-Key is still being processed; retry shortly",
                     *       "code": "IDEMPOTENCY_KEY_IN_USE"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyInUseError"];
                };
            };
            /** @description The Idempotency-Key was used with another request */
            422: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "This Idempotency-Key was used with a different request",
                     *       "code": "IDEMPOTENCY_KEY_REUSED"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyReusedError"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Rate limit exceeded; retry in 12 s",
                     *       "code": "RATE_LIMITED"
                     *     }
                     */
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description The operation failed */
            500: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error (request id 7f3c2a)",
                     *       "code": "INTERNAL",
                     *       "requestId": "7f3c2a"
                     *     }
                     */
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description Temporarily unavailable */
            503: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The service is temporarily unavailable; retry shortly",
                     *       "code": "UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["UnavailableError"];
                };
            };
        };
    };
    deleteCoupon: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: kept 24 h per token; a repeat answers the first answer with `Idempotent-Replayed: true`, a different request under the same key is 422, one still running is 409. 1 to 255 visible ASCII characters. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "couponId": "0192f0c4-5f6e-7a1b-8c9d-0e1f2a3b4c5d"
                 *     }
                 */
                "application/json": {
                    /** @description The coupon (UUID). */
                    couponId: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeleteCouponPayload"];
                };
            };
            /** @description Invalid input or a violated rule */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "email is required",
                     *       "code": "VALIDATION_FAILED",
                     *       "details": [
                     *         {
                     *           "field": "email",
                     *           "message": "email is required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Send \"Authorization: Bearer <API key>\"",
                     *       "code": "UNAUTHENTICATED"
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            /** @description The token may not use this endpoint */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A partner token may not use coupons",
                     *       "code": "FORBIDDEN"
                     *     }
                     */
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description No such record (or endpoint) */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Not found",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description The same Idempotency-Key is still being processed */
            409: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A request with this Idempotency-Key is still being processed; retry shortly",
                     *       "code": "IDEMPOTENCY_KEY_IN_USE"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyInUseError"];
                };
            };
            /** @description The Idempotency-Key was used with another request */
            422: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "This Idempotency-Key was used with a different request",
                     *       "code": "IDEMPOTENCY_KEY_REUSED"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyReusedError"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Rate limit exceeded; retry in 12 s",
                     *       "code": "RATE_LIMITED"
                     *     }
                     */
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description The operation failed */
            500: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error (request id 7f3c2a)",
                     *       "code": "INTERNAL",
                     *       "requestId": "7f3c2a"
                     *     }
                     */
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description Temporarily unavailable */
            503: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The service is temporarily unavailable; retry shortly",
                     *       "code": "UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["UnavailableError"];
                };
            };
        };
    };
    getPromotionalCodes: {
        parameters: {
            query?: {
                /** @description The code id (UUID); any other value matches nothing. */
                id?: string;
                /** @description The code as typed, compared case-insensitively (at most 200 characters). */
                code?: string;
                /** @description The code's externalId. */
                externalId?: string;
                /** @description The parent coupon's UUID; any other value matches nothing. */
                couponId?: string;
                /** @description The assigned affiliate's UUID; any other value matches nothing. */
                affiliateId?: string;
                /** @description The affiliate's email (at most 254 characters). */
                affiliateEmail?: string;
                /** @description One page of at most this many items instead of the whole list; the `X-Next-Cursor` header then names the next page. */
                limit?: number;
                /** @description The `X-Next-Cursor` of the page before: the page after it. */
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The single record, or null when nothing matches, or the list (one JSON array). */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Next-Cursor": components["headers"]["X-Next-Cursor"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": (components["schemas"]["PromotionalCode"] | null) | components["schemas"]["PromotionalCode"][];
                };
            };
            /** @description Invalid input or a violated rule */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "email is required",
                     *       "code": "VALIDATION_FAILED",
                     *       "details": [
                     *         {
                     *           "field": "email",
                     *           "message": "email is required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Send \"Authorization: Bearer <API key>\"",
                     *       "code": "UNAUTHENTICATED"
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            /** @description The token may not use this endpoint */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A partner token may not use coupons",
                     *       "code": "FORBIDDEN"
                     *     }
                     */
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description No such record (or endpoint) */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Not found",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Rate limit exceeded; retry in 12 s",
                     *       "code": "RATE_LIMITED"
                     *     }
                     */
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description The operation failed */
            500: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error (request id 7f3c2a)",
                     *       "code": "INTERNAL",
                     *       "requestId": "7f3c2a"
                     *     }
                     */
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description Temporarily unavailable */
            503: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The service is temporarily unavailable; retry shortly",
                     *       "code": "UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["UnavailableError"];
                };
            };
        };
    };
    updatePromotionalCode: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: kept 24 h per token; a repeat answers the first answer with `Idempotent-Replayed: true`, a different request under the same key is 422, one still running is 409. 1 to 255 visible ASCII characters. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "promotionalCodeId": "0192f0c4-5f6e-7a1b-8c9d-0e1f2a3b4c5d",
                 *       "active": false
                 *     }
                 */
                "application/json": {
                    /** @description The code to change (UUID). */
                    promotionalCodeId: string;
                    /** @description The code: letters, numbers, hyphens and underscores, at most 64 characters, unique in the program (case-insensitively). On creation needed unless generated; on update it renames. */
                    code?: string | null;
                    /** @description UUID, link slug or numeric click id. The affiliate to assign; on update null unassigns. */
                    affiliateId?: string | null;
                    /** @description The affiliate's email (at most 254 characters). The affiliate to assign, when affiliateId is not sent. */
                    affiliateEmail?: string | null;
                    /** @description The code's id in a billing provider, at most 200 characters; '' or null clears it. */
                    externalId?: string | null;
                    /** @description false: the code is refused. Default on creation: true. */
                    active?: boolean | null;
                    /**
                     * Format: date-time
                     * @description ISO 8601 date-time from which the code is refused; null: never.
                     */
                    expiresAt?: string | null;
                    /** @description Redemption limit, 0 to 2000000000 and not below timesRedeemed; null: none. */
                    maxRedemptions?: number | null;
                    /** @description true: refused for customers who bought before. Default on creation: false. */
                    firstTimeOrder?: boolean | null;
                    /** @description Zero or more, in minimumAmountCurrency as a decimal number; null: none. */
                    minimumAmount?: number | null;
                    /** @description A 3-letter ISO 4217 code; '' or null clears it. */
                    minimumAmountCurrency?: string | null;
                    /** @description true: only customerId may use the code. Default on creation: false. */
                    limitToCustomers?: boolean | null;
                    /** @description The customer id (your system) the code is limited to, at most 200 characters. */
                    customerId?: string | null;
                    /** @description true: only its affiliate may use the code. Default on creation: false. */
                    limitToAffiliate?: boolean | null;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PromotionalCode"];
                };
            };
            /** @description Invalid input or a violated rule */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "email is required",
                     *       "code": "VALIDATION_FAILED",
                     *       "details": [
                     *         {
                     *           "field": "email",
                     *           "message": "email is required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Send \"Authorization: Bearer <API key>\"",
                     *       "code": "UNAUTHENTICATED"
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            /** @description The token may not use this endpoint */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A partner token may not use coupons",
                     *       "code": "FORBIDDEN"
                     *     }
                     */
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description No such record (or endpoint) */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Not found",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description The same Idempotency-Key is still being processed */
            409: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A request with this Idempotency-Key is still being processed; retry shortly",
                     *       "code": "IDEMPOTENCY_KEY_IN_USE"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyInUseError"];
                };
            };
            /** @description The Idempotency-Key was used with another request */
            422: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "This Idempotency-Key was used with a different request",
                     *       "code": "IDEMPOTENCY_KEY_REUSED"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyReusedError"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Rate limit exceeded; retry in 12 s",
                     *       "code": "RATE_LIMITED"
                     *     }
                     */
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description The operation failed */
            500: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error (request id 7f3c2a)",
                     *       "code": "INTERNAL",
                     *       "requestId": "7f3c2a"
                     *     }
                     */
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description Temporarily unavailable */
            503: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The service is temporarily unavailable; retry shortly",
                     *       "code": "UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["UnavailableError"];
                };
            };
        };
    };
    createPromotionalCode: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: kept 24 h per token; a repeat answers the first answer with `Idempotent-Replayed: true`, a different request under the same key is 422, one still running is 409. 1 to 255 visible ASCII characters. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "couponId": "0192f0c4-5f6e-7a1b-8c9d-0e1f2a3b4c5d",
                 *       "code": "ADA20",
                 *       "affiliateId": "0192f0c4-6a7b-7c8d-9e0f-1a2b3c4d5e6f",
                 *       "maxRedemptions": 100
                 *     }
                 */
                "application/json": {
                    /** @description The parent coupon (UUID). */
                    couponId: string;
                    /** @description The code: letters, numbers, hyphens and underscores, at most 64 characters, unique in the program (case-insensitively). On creation needed unless generated; on update it renames. */
                    code?: string | null;
                    /** @description UUID, link slug or numeric click id. The affiliate to assign; on update null unassigns. */
                    affiliateId?: string | null;
                    /** @description The affiliate's email (at most 254 characters). The affiliate to assign, when affiliateId is not sent. */
                    affiliateEmail?: string | null;
                    /** @description The code's id in a billing provider, at most 200 characters; '' or null clears it. */
                    externalId?: string | null;
                    /** @description false: the code is refused. Default on creation: true. */
                    active?: boolean | null;
                    /**
                     * Format: date-time
                     * @description ISO 8601 date-time from which the code is refused; null: never.
                     */
                    expiresAt?: string | null;
                    /** @description Redemption limit, 0 to 2000000000 and not below timesRedeemed; null: none. */
                    maxRedemptions?: number | null;
                    /** @description true: refused for customers who bought before. Default on creation: false. */
                    firstTimeOrder?: boolean | null;
                    /** @description Zero or more, in minimumAmountCurrency as a decimal number; null: none. */
                    minimumAmount?: number | null;
                    /** @description A 3-letter ISO 4217 code; '' or null clears it. */
                    minimumAmountCurrency?: string | null;
                    /** @description true: only customerId may use the code. Default on creation: false. */
                    limitToCustomers?: boolean | null;
                    /** @description The customer id (your system) the code is limited to, at most 200 characters. */
                    customerId?: string | null;
                    /** @description true: only its affiliate may use the code. Default on creation: false. */
                    limitToAffiliate?: boolean | null;
                    /** @description true without code: generate the code for the affiliate (one is then required). Default false. */
                    isAutoGenerated?: boolean | null;
                    /** @description Pieces of a generated code; default firstName and randomChars. */
                    codeStructure?: {
                        firstName?: boolean | null;
                        lastName?: boolean | null;
                        email?: boolean | null;
                        discountAmount?: boolean | null;
                        couponName?: boolean | null;
                        randomChars?: boolean | null;
                    } | null;
                    /** @description Text a generated code starts with, at most 40 characters (letters and digits kept). */
                    prefix?: string | null;
                    /** @description Default 4. How many random characters a generated code gets, 1 to 32. */
                    randomCharsLength?: number | null;
                    /**
                     * @description Default mixed.
                     * @enum {string|null}
                     */
                    randomCharsCase?: "uppercase" | "lowercase" | "mixed" | null;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PromotionalCode"];
                };
            };
            /** @description Invalid input or a violated rule */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "email is required",
                     *       "code": "VALIDATION_FAILED",
                     *       "details": [
                     *         {
                     *           "field": "email",
                     *           "message": "email is required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Send \"Authorization: Bearer <API key>\"",
                     *       "code": "UNAUTHENTICATED"
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            /** @description The token may not use this endpoint */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A partner token may not use coupons",
                     *       "code": "FORBIDDEN"
                     *     }
                     */
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description No such record (or endpoint) */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Not found",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description The same Idempotency-Key is still being processed */
            409: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A request with this Idempotency-Key is still being processed; retry shortly",
                     *       "code": "IDEMPOTENCY_KEY_IN_USE"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyInUseError"];
                };
            };
            /** @description The Idempotency-Key was used with another request */
            422: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "This Idempotency-Key was used with a different request",
                     *       "code": "IDEMPOTENCY_KEY_REUSED"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyReusedError"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Rate limit exceeded; retry in 12 s",
                     *       "code": "RATE_LIMITED"
                     *     }
                     */
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description The operation failed */
            500: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error (request id 7f3c2a)",
                     *       "code": "INTERNAL",
                     *       "requestId": "7f3c2a"
                     *     }
                     */
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description Temporarily unavailable */
            503: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The service is temporarily unavailable; retry shortly",
                     *       "code": "UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["UnavailableError"];
                };
            };
        };
    };
    deletePromotionalCode: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: kept 24 h per token; a repeat answers the first answer with `Idempotent-Replayed: true`, a different request under the same key is 422, one still running is 409. 1 to 255 visible ASCII characters. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "promotionalCodeId": "0192f0c4-5f6e-7a1b-8c9d-0e1f2a3b4c5d"
                 *     }
                 */
                "application/json": {
                    /** @description The code (UUID). */
                    promotionalCodeId: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeletePromotionalCodePayload"];
                };
            };
            /** @description Invalid input or a violated rule */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "email is required",
                     *       "code": "VALIDATION_FAILED",
                     *       "details": [
                     *         {
                     *           "field": "email",
                     *           "message": "email is required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Send \"Authorization: Bearer <API key>\"",
                     *       "code": "UNAUTHENTICATED"
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            /** @description The token may not use this endpoint */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A partner token may not use coupons",
                     *       "code": "FORBIDDEN"
                     *     }
                     */
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description No such record (or endpoint) */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Not found",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description The same Idempotency-Key is still being processed */
            409: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A request with this Idempotency-Key is still being processed; retry shortly",
                     *       "code": "IDEMPOTENCY_KEY_IN_USE"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyInUseError"];
                };
            };
            /** @description The Idempotency-Key was used with another request */
            422: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "This Idempotency-Key was used with a different request",
                     *       "code": "IDEMPOTENCY_KEY_REUSED"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyReusedError"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Rate limit exceeded; retry in 12 s",
                     *       "code": "RATE_LIMITED"
                     *     }
                     */
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description The operation failed */
            500: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error (request id 7f3c2a)",
                     *       "code": "INTERNAL",
                     *       "requestId": "7f3c2a"
                     *     }
                     */
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description Temporarily unavailable */
            503: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The service is temporarily unavailable; retry shortly",
                     *       "code": "UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["UnavailableError"];
                };
            };
        };
    };
    getSales: {
        parameters: {
            query?: {
                /** @description The sale id. */
                id?: number;
                /** @description The credited affiliate's UUID; any other value matches nothing. */
                affiliateId?: string;
                /** @description The affiliate's email (at most 254 characters). */
                affiliateEmail?: string;
                /** @description The referral's UUID; any other value matches nothing. */
                referralId?: string;
                /** @description Matched against externalId (at most 200 characters). */
                saleExternalId?: string;
                /** @description Matched against externalInvoiceId (at most 200 characters). */
                saleExternalInvoiceId?: string;
                /** @description One page of at most this many items instead of the whole list; the `X-Next-Cursor` header then names the next page. */
                limit?: number;
                /** @description The `X-Next-Cursor` of the page before: the page after it. */
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The single record, or null when nothing matches, or the list (one JSON array). */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Next-Cursor": components["headers"]["X-Next-Cursor"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": (components["schemas"]["Sale"] | null) | components["schemas"]["Sale"][];
                };
            };
            /** @description Invalid input or a violated rule */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "email is required",
                     *       "code": "VALIDATION_FAILED",
                     *       "details": [
                     *         {
                     *           "field": "email",
                     *           "message": "email is required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Send \"Authorization: Bearer <API key>\"",
                     *       "code": "UNAUTHENTICATED"
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            /** @description The token may not use this endpoint */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A partner token may not use coupons",
                     *       "code": "FORBIDDEN"
                     *     }
                     */
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description No such record (or endpoint) */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Not found",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Rate limit exceeded; retry in 12 s",
                     *       "code": "RATE_LIMITED"
                     *     }
                     */
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description The operation failed */
            500: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error (request id 7f3c2a)",
                     *       "code": "INTERNAL",
                     *       "requestId": "7f3c2a"
                     *     }
                     */
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description Temporarily unavailable */
            503: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The service is temporarily unavailable; retry shortly",
                     *       "code": "UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["UnavailableError"];
                };
            };
        };
    };
    updateSale: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: kept 24 h per token; a repeat answers the first answer with `Idempotent-Replayed: true`, a different request under the same key is 422, one still running is 409. 1 to 255 visible ASCII characters. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "saleId": 1042,
                 *       "totalEarned": 150
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: int64
                     * @description The sale to change.
                     */
                    saleId: number;
                    /** @description The customer's name, 1 to 200 characters. Cannot be cleared. */
                    name?: string;
                    /**
                     * Format: email
                     * @description The customer's email address. Cannot be cleared.
                     */
                    email?: string;
                    /** @description The sale total, non-zero, in the program currency's units as a decimal number. A change recomputes the commission (refused once the sale is refunded or its commission batched or paid). */
                    totalEarned?: number;
                    /** @description The rate for this sale, a percentage 0 to 100. A change recomputes the commission (refused once the sale is refunded or its commission batched or paid). */
                    commissionRate?: number | null;
                    /** @description Tax, zero or more, in the program currency's units as a decimal number. A change recomputes the commission (refused once the sale is refunded or its commission batched or paid). */
                    tax?: number | null;
                    /** @description Shipping, zero or more, in the program currency's units as a decimal number. A change recomputes the commission (refused once the sale is refunded or its commission batched or paid). */
                    shipping?: number | null;
                    /** @description The sale's id in your system, unique in the program; at most 200 characters. */
                    externalId?: string | null;
                    /** @description The invoice id in your system, at most 200 characters. */
                    externalInvoiceId?: string | null;
                    /** @description Corrects the affiliate's commission record, not the sale: the new commission, in the program currency's units as a decimal number. */
                    commissionEarned?: number | null;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Sale"];
                };
            };
            /** @description Invalid input or a violated rule */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "email is required",
                     *       "code": "VALIDATION_FAILED",
                     *       "details": [
                     *         {
                     *           "field": "email",
                     *           "message": "email is required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Send \"Authorization: Bearer <API key>\"",
                     *       "code": "UNAUTHENTICATED"
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            /** @description The token may not use this endpoint */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A partner token may not use coupons",
                     *       "code": "FORBIDDEN"
                     *     }
                     */
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description No such record (or endpoint) */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Not found",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description The same Idempotency-Key is still being processed */
            409: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A request with this Idempotency-Key is still being processed; retry shortly",
                     *       "code": "IDEMPOTENCY_KEY_IN_USE"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyInUseError"];
                };
            };
            /** @description The Idempotency-Key was used with another request */
            422: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "This Idempotency-Key was used with a different request",
                     *       "code": "IDEMPOTENCY_KEY_REUSED"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyReusedError"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Rate limit exceeded; retry in 12 s",
                     *       "code": "RATE_LIMITED"
                     *     }
                     */
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description The operation failed */
            500: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error (request id 7f3c2a)",
                     *       "code": "INTERNAL",
                     *       "requestId": "7f3c2a"
                     *     }
                     */
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description Temporarily unavailable */
            503: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The service is temporarily unavailable; retry shortly",
                     *       "code": "UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["UnavailableError"];
                };
            };
        };
    };
    recordSale: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: kept 24 h per token; a repeat answers the first answer with `Idempotent-Replayed: true`, a different request under the same key is 422, one still running is 409. 1 to 255 visible ASCII characters. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "referralId": "ada",
                 *       "name": "Grace Hopper",
                 *       "email": "grace@example.com",
                 *       "totalEarned": 120,
                 *       "tax": 20,
                 *       "externalId": "in_1001"
                 *     }
                 */
                "application/json": {
                    /** @description The owner: a referral UUID, an affiliate UUID, a link slug or a numeric click id (at most 200 characters). Tried first. */
                    referralId?: string | null;
                    /**
                     * Format: email
                     * @description The customer's email; tried next as the owner: the affiliate of an existing referral with this email.
                     */
                    email?: string | null;
                    /** @description A promotional code: checked and redeemed; its affiliate is credited when no other owner resolves. */
                    promoCode?: string | null;
                    /** @description The customer's name (at most 200 characters). Taken from the matched referral when not sent. */
                    name?: string | null;
                    /** @description The sale total, in the program currency's units as a decimal number. Non-zero; negative for adjustments. At most 6 decimals. */
                    totalEarned: number;
                    /** @description Overrides the affiliate's rate for this sale. Percentage, 0 to 100. */
                    commissionRate?: number | null;
                    /** @description Tax, zero or more, in the program currency's units as a decimal number. At most 6 decimals. */
                    tax?: number | null;
                    /** @description Shipping, zero or more, in the program currency's units as a decimal number. At most 6 decimals. */
                    shipping?: number | null;
                    /** @description The sale's id in your system (at most 200 characters). Recorded once per program; a repeat returns the first sale. */
                    externalId?: string | null;
                    /** @description The invoice id in your system, at most 200 characters. */
                    externalInvoiceId?: string | null;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Sale"] | null;
                };
            };
            /** @description Invalid input or a violated rule */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "email is required",
                     *       "code": "VALIDATION_FAILED",
                     *       "details": [
                     *         {
                     *           "field": "email",
                     *           "message": "email is required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Send \"Authorization: Bearer <API key>\"",
                     *       "code": "UNAUTHENTICATED"
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            /** @description The token may not use this endpoint */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A partner token may not use coupons",
                     *       "code": "FORBIDDEN"
                     *     }
                     */
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description No such record (or endpoint) */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Not found",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description The same Idempotency-Key is still being processed */
            409: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A request with this Idempotency-Key is still being processed; retry shortly",
                     *       "code": "IDEMPOTENCY_KEY_IN_USE"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyInUseError"];
                };
            };
            /** @description The Idempotency-Key was used with another request */
            422: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "This Idempotency-Key was used with a different request",
                     *       "code": "IDEMPOTENCY_KEY_REUSED"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyReusedError"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Rate limit exceeded; retry in 12 s",
                     *       "code": "RATE_LIMITED"
                     *     }
                     */
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description The operation failed */
            500: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error (request id 7f3c2a)",
                     *       "code": "INTERNAL",
                     *       "requestId": "7f3c2a"
                     *     }
                     */
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description Temporarily unavailable */
            503: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The service is temporarily unavailable; retry shortly",
                     *       "code": "UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["UnavailableError"];
                };
            };
        };
    };
    refundSale: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: kept 24 h per token; a repeat answers the first answer with `Idempotent-Replayed: true`, a different request under the same key is 422, one still running is 409. 1 to 255 visible ASCII characters. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "saleId": 1042
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: int64
                     * @description The sale to refund.
                     */
                    saleId: number;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RefundSalePayload"];
                };
            };
            /** @description Invalid input, or the refund is not allowed (`REFUND_NOT_ALLOWED` with its `reason`) */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The refund window of this sale has passed",
                     *       "code": "REFUND_NOT_ALLOWED",
                     *       "reason": "refund_window_expired"
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"] | components["schemas"]["RefundNotAllowedError"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Send \"Authorization: Bearer <API key>\"",
                     *       "code": "UNAUTHENTICATED"
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            /** @description The token may not use this endpoint */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A partner token may not use coupons",
                     *       "code": "FORBIDDEN"
                     *     }
                     */
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description No such record (or endpoint) */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Not found",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description The same Idempotency-Key is still being processed */
            409: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A request with this Idempotency-Key is still being processed; retry shortly",
                     *       "code": "IDEMPOTENCY_KEY_IN_USE"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyInUseError"];
                };
            };
            /** @description The Idempotency-Key was used with another request */
            422: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "This Idempotency-Key was used with a different request",
                     *       "code": "IDEMPOTENCY_KEY_REUSED"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyReusedError"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Rate limit exceeded; retry in 12 s",
                     *       "code": "RATE_LIMITED"
                     *     }
                     */
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description The operation failed */
            500: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error (request id 7f3c2a)",
                     *       "code": "INTERNAL",
                     *       "requestId": "7f3c2a"
                     *     }
                     */
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description Temporarily unavailable */
            503: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The service is temporarily unavailable; retry shortly",
                     *       "code": "UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["UnavailableError"];
                };
            };
        };
    };
    recordClick: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: kept 24 h per token; a repeat answers the first answer with `Idempotent-Replayed: true`, a different request under the same key is 422, one still running is 409. 1 to 255 visible ASCII characters. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "link": "ada",
                 *       "referrer": "https://blog.example.com/post",
                 *       "userAgent": "Mozilla/5.0",
                 *       "ip": "203.0.113.7",
                 *       "landingUrl": "https://example.com/?ref=ada"
                 *     }
                 */
                "application/json": {
                    /** @description The slug of one of the program's links, at most 200 characters. */
                    link: string;
                    /** @description The Referer the visitor arrived with, at most 2000 characters. */
                    referrer?: string | null;
                    /** @description The visitor's User-Agent, at most 1000 characters. */
                    userAgent?: string | null;
                    /** @description The visitor's address (at most 100 characters). With it, a repeat by the same visitor (ip + userAgent) on the link within 30 minutes returns the counted click and counts nothing; without it every report counts. */
                    ip?: string | null;
                    /** @description The URL the visitor landed on, at most 2000 characters. */
                    landingUrl?: string | null;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Click"];
                };
            };
            /** @description Invalid input or a violated rule */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "email is required",
                     *       "code": "VALIDATION_FAILED",
                     *       "details": [
                     *         {
                     *           "field": "email",
                     *           "message": "email is required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Send \"Authorization: Bearer <API key>\"",
                     *       "code": "UNAUTHENTICATED"
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            /** @description The token may not use this endpoint */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A partner token may not use coupons",
                     *       "code": "FORBIDDEN"
                     *     }
                     */
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description No such record (or endpoint) */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Not found",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description The same Idempotency-Key is still being processed */
            409: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A request with this Idempotency-Key is still being processed; retry shortly",
                     *       "code": "IDEMPOTENCY_KEY_IN_USE"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyInUseError"];
                };
            };
            /** @description The Idempotency-Key was used with another request */
            422: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "This Idempotency-Key was used with a different request",
                     *       "code": "IDEMPOTENCY_KEY_REUSED"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyReusedError"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Rate limit exceeded; retry in 12 s",
                     *       "code": "RATE_LIMITED"
                     *     }
                     */
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description The operation failed */
            500: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error (request id 7f3c2a)",
                     *       "code": "INTERNAL",
                     *       "requestId": "7f3c2a"
                     *     }
                     */
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description Temporarily unavailable */
            503: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The service is temporarily unavailable; retry shortly",
                     *       "code": "UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["UnavailableError"];
                };
            };
        };
    };
    recordPublicClick: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "ref": "ada",
                 *       "clickId": "1042",
                 *       "landingUrl": "https://example.com/pricing?ref=ada&click_id=1042",
                 *       "referrer": "https://blog.example.com/post"
                 *     }
                 */
                "application/json": {
                    /** @description The page URL's ref: the slug of one of the program's links, at most 200 characters. */
                    ref: string;
                    /** @description The page URL's click_id, when the visitor came through the link's trackingUrl: that click is kept and not counted again (when it is the link's, from the last 30 minutes; otherwise ignored). At most 32 characters. */
                    clickId?: string | null;
                    /** @description The page the visitor landed on (location.href), at most 2000 characters. */
                    landingUrl?: string | null;
                    /** @description The page the visitor came from (document.referrer), at most 2000 characters. */
                    referrer?: string | null;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Access-Control-Allow-Origin": components["headers"]["Access-Control-Allow-Origin"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicClick"];
                };
            };
            /** @description Invalid input or a violated rule */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "email is required",
                     *       "code": "VALIDATION_FAILED",
                     *       "details": [
                     *         {
                     *           "field": "email",
                     *           "message": "email is required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Send \"Authorization: Bearer <API key>\"",
                     *       "code": "UNAUTHENTICATED"
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            /** @description The page's origin is not one of the program's base URLs (nothing is recorded), or the credential is not a publishable key */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A partner token may not use coupons",
                     *       "code": "FORBIDDEN"
                     *     }
                     */
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description No such record (or endpoint) */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Not found",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Rate limit exceeded; retry in 12 s",
                     *       "code": "RATE_LIMITED"
                     *     }
                     */
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description The operation failed */
            500: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error (request id 7f3c2a)",
                     *       "code": "INTERNAL",
                     *       "requestId": "7f3c2a"
                     *     }
                     */
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description Temporarily unavailable */
            503: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The service is temporarily unavailable; retry shortly",
                     *       "code": "UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["UnavailableError"];
                };
            };
        };
    };
    getStats: {
        parameters: {
            query?: {
                /** @description Start of the window (inclusive): a date (YYYY-MM-DD, local midnight in timeZone), a date-time with an offset, or a local date-time. Omitted: 29 days before today. */
                from?: string;
                /** @description End of the window: a date (YYYY-MM-DD: that whole local day included), or a date-time (exclusive). Omitted: now. */
                to?: string;
                /** @description Bucket size. Omitted: day. */
                interval?: "day" | "week" | "month";
                /** @description IANA time zone (e.g. Europe/Berlin) of the dates and of the bucket boundaries. Omitted: UTC. */
                timeZone?: string;
                /** @description Only this affiliate's activity (UUID). */
                affiliateId?: string;
                /** @description Only this link's activity (UUID). */
                linkId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Stats"];
                };
            };
            /** @description Invalid input or a violated rule */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "email is required",
                     *       "code": "VALIDATION_FAILED",
                     *       "details": [
                     *         {
                     *           "field": "email",
                     *           "message": "email is required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Send \"Authorization: Bearer <API key>\"",
                     *       "code": "UNAUTHENTICATED"
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            /** @description The token may not use this endpoint */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A partner token may not use coupons",
                     *       "code": "FORBIDDEN"
                     *     }
                     */
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description No such record (or endpoint) */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Not found",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Rate limit exceeded; retry in 12 s",
                     *       "code": "RATE_LIMITED"
                     *     }
                     */
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description The operation failed */
            500: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error (request id 7f3c2a)",
                     *       "code": "INTERNAL",
                     *       "requestId": "7f3c2a"
                     *     }
                     */
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description Temporarily unavailable */
            503: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The service is temporarily unavailable; retry shortly",
                     *       "code": "UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["UnavailableError"];
                };
            };
        };
    };
    getTopAffiliates: {
        parameters: {
            query?: {
                /** @description Start of the window (inclusive): a date (YYYY-MM-DD, local midnight in timeZone), a date-time with an offset, or a local date-time. Omitted: 29 days before today. */
                from?: string;
                /** @description End of the window: a date (YYYY-MM-DD: that whole local day included), or a date-time (exclusive). Omitted: now. */
                to?: string;
                /** @description IANA time zone (e.g. Europe/Berlin) of the dates and of the bucket boundaries. Omitted: UTC. */
                timeZone?: string;
                /** @description The figure to rank by. Omitted: revenue. */
                by?: "revenue" | "commission" | "sales" | "referrals" | "clicks";
                /** @description How many affiliates, 1 to 100. Omitted: 10. */
                first?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AffiliateStats"][];
                };
            };
            /** @description Invalid input or a violated rule */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "email is required",
                     *       "code": "VALIDATION_FAILED",
                     *       "details": [
                     *         {
                     *           "field": "email",
                     *           "message": "email is required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Send \"Authorization: Bearer <API key>\"",
                     *       "code": "UNAUTHENTICATED"
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            /** @description The token may not use this endpoint */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A partner token may not use coupons",
                     *       "code": "FORBIDDEN"
                     *     }
                     */
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description No such record (or endpoint) */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Not found",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Rate limit exceeded; retry in 12 s",
                     *       "code": "RATE_LIMITED"
                     *     }
                     */
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description The operation failed */
            500: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error (request id 7f3c2a)",
                     *       "code": "INTERNAL",
                     *       "requestId": "7f3c2a"
                     *     }
                     */
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description Temporarily unavailable */
            503: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The service is temporarily unavailable; retry shortly",
                     *       "code": "UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["UnavailableError"];
                };
            };
        };
    };
    listWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"][];
                };
            };
            /** @description Invalid input or a violated rule */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "email is required",
                     *       "code": "VALIDATION_FAILED",
                     *       "details": [
                     *         {
                     *           "field": "email",
                     *           "message": "email is required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Send \"Authorization: Bearer <API key>\"",
                     *       "code": "UNAUTHENTICATED"
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            /** @description The token may not use this endpoint */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A partner token may not use coupons",
                     *       "code": "FORBIDDEN"
                     *     }
                     */
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description No such record (or endpoint) */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Not found",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Rate limit exceeded; retry in 12 s",
                     *       "code": "RATE_LIMITED"
                     *     }
                     */
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description The operation failed */
            500: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error (request id 7f3c2a)",
                     *       "code": "INTERNAL",
                     *       "requestId": "7f3c2a"
                     *     }
                     */
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description Temporarily unavailable */
            503: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The service is temporarily unavailable; retry shortly",
                     *       "code": "UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["UnavailableError"];
                };
            };
        };
    };
    updateWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: kept 24 h per token; a repeat answers the first answer with `Idempotent-Replayed: true`, a different request under the same key is 422, one still running is 409. 1 to 255 visible ASCII characters. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "0192f0c4-5f6e-7a1b-8c9d-0e1f2a3b4c5d",
                 *       "events": [
                 *         "sale.created"
                 *       ],
                 *       "enabled": true
                 *     }
                 */
                "application/json": {
                    /** @description The endpoint (UUID). */
                    id: string;
                    /** @description An absolute http(s) URL without credentials, at most 2000 characters; private and loopback addresses are refused unless the server allows them. */
                    url?: string | null;
                    /** @description Absent: every event. Otherwise known event types such as sale.created; an empty list also means every event. */
                    events?: string[] | null;
                    /** @description Your note, at most 500 characters; '' or null clears it. */
                    description?: string | null;
                    /** @description false pauses deliveries; true resumes them and clears the failure state. Default on creation: true. */
                    enabled?: boolean | null;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description Invalid input or a violated rule */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "email is required",
                     *       "code": "VALIDATION_FAILED",
                     *       "details": [
                     *         {
                     *           "field": "email",
                     *           "message": "email is required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Send \"Authorization: Bearer <API key>\"",
                     *       "code": "UNAUTHENTICATED"
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            /** @description The token may not use this endpoint */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A partner token may not use coupons",
                     *       "code": "FORBIDDEN"
                     *     }
                     */
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description No such record (or endpoint) */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Not found",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description The same Idempotency-Key is still being processed */
            409: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A request with this Idempotency-Key is still being processed; retry shortly",
                     *       "code": "IDEMPOTENCY_KEY_IN_USE"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyInUseError"];
                };
            };
            /** @description The Idempotency-Key was used with another request */
            422: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "This Idempotency-Key was used with a different request",
                     *       "code": "IDEMPOTENCY_KEY_REUSED"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyReusedError"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Rate limit exceeded; retry in 12 s",
                     *       "code": "RATE_LIMITED"
                     *     }
                     */
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description The operation failed */
            500: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error (request id 7f3c2a)",
                     *       "code": "INTERNAL",
                     *       "requestId": "7f3c2a"
                     *     }
                     */
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description Temporarily unavailable */
            503: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The service is temporarily unavailable; retry shortly",
                     *       "code": "UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["UnavailableError"];
                };
            };
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: kept 24 h per token; a repeat answers the first answer with `Idempotent-Replayed: true`, a different request under the same key is 422, one still running is 409. 1 to 255 visible ASCII characters. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://hooks.example.com/affiliates",
                 *       "events": [
                 *         "sale.created",
                 *         "sale.refunded"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description An absolute http(s) URL without credentials, at most 2000 characters; private and loopback addresses are refused unless the server allows them. */
                    url: string;
                    /** @description Absent: every event. Otherwise known event types such as sale.created; an empty list also means every event. */
                    events?: string[] | null;
                    /** @description Your note, at most 500 characters; '' or null clears it. */
                    description?: string | null;
                    /** @description false pauses deliveries; true resumes them and clears the failure state. Default on creation: true. */
                    enabled?: boolean | null;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Endpoint id (UUID). */
                        id: string;
                        /** @description The http(s) URL events are POSTed to. */
                        url: string;
                        /** @description Your note about the endpoint; null: none. */
                        description: string | null;
                        /** @description Event types sent; empty means every event. */
                        events: string[];
                        /** @description false: nothing is sent to it (switched off by you, or by the service: see disabledReason). */
                        enabled: boolean;
                        /** @description Why the service disabled it (410 Gone, failing for 5 days). */
                        disabledReason: string | null;
                        /**
                         * Format: date-time
                         * @description When deliveries started failing (ISO 8601, UTC); after 5 days of failures the service disables the endpoint. null: not failing.
                         */
                        failingSince: string | null;
                        /** @description The OAuth connection (connected app) whose partner subscribed it; revoking the connection deletes it. null: the program's own. */
                        connectionId: string | null;
                        /**
                         * Format: date-time
                         * @description When it was created: an ISO 8601 date-time in UTC.
                         */
                        createdAt: string;
                        /**
                         * Format: date-time
                         * @description When it last changed: an ISO 8601 date-time in UTC.
                         */
                        updatedAt: string;
                        /** @description whsec_… — shown this once. The key receivers verify the webhook-signature header with. */
                        secret: string;
                    };
                };
            };
            /** @description Invalid input or a violated rule */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "email is required",
                     *       "code": "VALIDATION_FAILED",
                     *       "details": [
                     *         {
                     *           "field": "email",
                     *           "message": "email is required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Send \"Authorization: Bearer <API key>\"",
                     *       "code": "UNAUTHENTICATED"
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            /** @description The token may not use this endpoint */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A partner token may not use coupons",
                     *       "code": "FORBIDDEN"
                     *     }
                     */
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description No such record (or endpoint) */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Not found",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description The same Idempotency-Key is still being processed */
            409: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A request with this Idempotency-Key is still being processed; retry shortly",
                     *       "code": "IDEMPOTENCY_KEY_IN_USE"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyInUseError"];
                };
            };
            /** @description The Idempotency-Key was used with another request */
            422: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "This Idempotency-Key was used with a different request",
                     *       "code": "IDEMPOTENCY_KEY_REUSED"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyReusedError"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Rate limit exceeded; retry in 12 s",
                     *       "code": "RATE_LIMITED"
                     *     }
                     */
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description The operation failed */
            500: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error (request id 7f3c2a)",
                     *       "code": "INTERNAL",
                     *       "requestId": "7f3c2a"
                     *     }
                     */
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description Temporarily unavailable */
            503: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The service is temporarily unavailable; retry shortly",
                     *       "code": "UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["UnavailableError"];
                };
            };
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: kept 24 h per token; a repeat answers the first answer with `Idempotent-Replayed: true`, a different request under the same key is 422, one still running is 409. 1 to 255 visible ASCII characters. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "0192f0c4-5f6e-7a1b-8c9d-0e1f2a3b4c5d"
                 *     }
                 */
                "application/json": {
                    /** @description The endpoint (UUID). */
                    id: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description A confirmation.
                         * @constant
                         */
                        message: "Webhook endpoint deleted";
                        deletedWebhook: components["schemas"]["DeletedWebhookEndpoint"];
                    };
                };
            };
            /** @description Invalid input or a violated rule */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "email is required",
                     *       "code": "VALIDATION_FAILED",
                     *       "details": [
                     *         {
                     *           "field": "email",
                     *           "message": "email is required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Send \"Authorization: Bearer <API key>\"",
                     *       "code": "UNAUTHENTICATED"
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            /** @description The token may not use this endpoint */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A partner token may not use coupons",
                     *       "code": "FORBIDDEN"
                     *     }
                     */
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description No such record (or endpoint) */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Not found",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description The same Idempotency-Key is still being processed */
            409: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A request with this Idempotency-Key is still being processed; retry shortly",
                     *       "code": "IDEMPOTENCY_KEY_IN_USE"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyInUseError"];
                };
            };
            /** @description The Idempotency-Key was used with another request */
            422: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "This Idempotency-Key was used with a different request",
                     *       "code": "IDEMPOTENCY_KEY_REUSED"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyReusedError"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Rate limit exceeded; retry in 12 s",
                     *       "code": "RATE_LIMITED"
                     *     }
                     */
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description The operation failed */
            500: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error (request id 7f3c2a)",
                     *       "code": "INTERNAL",
                     *       "requestId": "7f3c2a"
                     *     }
                     */
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description Temporarily unavailable */
            503: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The service is temporarily unavailable; retry shortly",
                     *       "code": "UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["UnavailableError"];
                };
            };
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: kept 24 h per token; a repeat answers the first answer with `Idempotent-Replayed: true`, a different request under the same key is 422, one still running is 409. 1 to 255 visible ASCII characters. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "0192f0c4-5f6e-7a1b-8c9d-0e1f2a3b4c5d",
                 *       "overlapHours": 24
                 *     }
                 */
                "application/json": {
                    /** @description The endpoint (UUID). */
                    id: string;
                    /** @description Hours the old secret keeps signing beside the new one, 0 to 720; default 24. */
                    overlapHours?: number | null;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Endpoint id (UUID). */
                        id: string;
                        /** @description The http(s) URL events are POSTed to. */
                        url: string;
                        /** @description Your note about the endpoint; null: none. */
                        description: string | null;
                        /** @description Event types sent; empty means every event. */
                        events: string[];
                        /** @description false: nothing is sent to it (switched off by you, or by the service: see disabledReason). */
                        enabled: boolean;
                        /** @description Why the service disabled it (410 Gone, failing for 5 days). */
                        disabledReason: string | null;
                        /**
                         * Format: date-time
                         * @description When deliveries started failing (ISO 8601, UTC); after 5 days of failures the service disables the endpoint. null: not failing.
                         */
                        failingSince: string | null;
                        /** @description The OAuth connection (connected app) whose partner subscribed it; revoking the connection deletes it. null: the program's own. */
                        connectionId: string | null;
                        /**
                         * Format: date-time
                         * @description When it was created: an ISO 8601 date-time in UTC.
                         */
                        createdAt: string;
                        /**
                         * Format: date-time
                         * @description When it last changed: an ISO 8601 date-time in UTC.
                         */
                        updatedAt: string;
                        /** @description whsec_… — shown this once. The key receivers verify the webhook-signature header with. */
                        secret: string;
                    };
                };
            };
            /** @description Invalid input or a violated rule */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "email is required",
                     *       "code": "VALIDATION_FAILED",
                     *       "details": [
                     *         {
                     *           "field": "email",
                     *           "message": "email is required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Send \"Authorization: Bearer <API key>\"",
                     *       "code": "UNAUTHENTICATED"
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            /** @description The token may not use this endpoint */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A partner token may not use coupons",
                     *       "code": "FORBIDDEN"
                     *     }
                     */
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description No such record (or endpoint) */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Not found",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description The same Idempotency-Key is still being processed */
            409: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A request with this Idempotency-Key is still being processed; retry shortly",
                     *       "code": "IDEMPOTENCY_KEY_IN_USE"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyInUseError"];
                };
            };
            /** @description The Idempotency-Key was used with another request */
            422: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "This Idempotency-Key was used with a different request",
                     *       "code": "IDEMPOTENCY_KEY_REUSED"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyReusedError"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Rate limit exceeded; retry in 12 s",
                     *       "code": "RATE_LIMITED"
                     *     }
                     */
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description The operation failed */
            500: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error (request id 7f3c2a)",
                     *       "code": "INTERNAL",
                     *       "requestId": "7f3c2a"
                     *     }
                     */
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description Temporarily unavailable */
            503: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The service is temporarily unavailable; retry shortly",
                     *       "code": "UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["UnavailableError"];
                };
            };
        };
    };
    listEvents: {
        parameters: {
            query?: {
                /** @description The `X-Next-Cursor` of the page before: the page after it. */
                after?: string;
                /** @description Only events of this type, such as sale.created (filter.type says the same). */
                type?: string;
                /** @description One page of at most this many items instead of the whole list; the `X-Next-Cursor` header then names the next page. */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list: one JSON array (or one page of it with `limit`). */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Next-Cursor": components["headers"]["X-Next-Cursor"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Event"][];
                };
            };
            /** @description Invalid input or a violated rule */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "email is required",
                     *       "code": "VALIDATION_FAILED",
                     *       "details": [
                     *         {
                     *           "field": "email",
                     *           "message": "email is required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Send \"Authorization: Bearer <API key>\"",
                     *       "code": "UNAUTHENTICATED"
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            /** @description The token may not use this endpoint */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A partner token may not use coupons",
                     *       "code": "FORBIDDEN"
                     *     }
                     */
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description No such record (or endpoint) */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Not found",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Rate limit exceeded; retry in 12 s",
                     *       "code": "RATE_LIMITED"
                     *     }
                     */
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description The operation failed */
            500: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error (request id 7f3c2a)",
                     *       "code": "INTERNAL",
                     *       "requestId": "7f3c2a"
                     *     }
                     */
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description Temporarily unavailable */
            503: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The service is temporarily unavailable; retry shortly",
                     *       "code": "UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["UnavailableError"];
                };
            };
        };
    };
    replayEvents: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: kept 24 h per token; a repeat answers the first answer with `Idempotent-Replayed: true`, a different request under the same key is 422, one still running is 409. 1 to 255 visible ASCII characters. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "since": "2026-11-24T00:00:00Z"
                 *     }
                 */
                "application/json": {
                    /** @description The event to send again (evt_ id). Either it or since is required. */
                    eventId?: string | null;
                    /**
                     * Format: date-time
                     * @description Replay every failed delivery since this ISO 8601 date-time (UTC).
                     */
                    since?: string | null;
                    /** @description Only deliveries to this endpoint (UUID); omitted: all endpoints. */
                    endpointId?: string | null;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: int32 */
                        queued: number;
                    };
                };
            };
            /** @description Invalid input or a violated rule */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "email is required",
                     *       "code": "VALIDATION_FAILED",
                     *       "details": [
                     *         {
                     *           "field": "email",
                     *           "message": "email is required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Send \"Authorization: Bearer <API key>\"",
                     *       "code": "UNAUTHENTICATED"
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            /** @description The token may not use this endpoint */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A partner token may not use coupons",
                     *       "code": "FORBIDDEN"
                     *     }
                     */
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description No such record (or endpoint) */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Not found",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description The same Idempotency-Key is still being processed */
            409: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A request with this Idempotency-Key is still being processed; retry shortly",
                     *       "code": "IDEMPOTENCY_KEY_IN_USE"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyInUseError"];
                };
            };
            /** @description The Idempotency-Key was used with another request */
            422: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "This Idempotency-Key was used with a different request",
                     *       "code": "IDEMPOTENCY_KEY_REUSED"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyReusedError"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Rate limit exceeded; retry in 12 s",
                     *       "code": "RATE_LIMITED"
                     *     }
                     */
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description The operation failed */
            500: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error (request id 7f3c2a)",
                     *       "code": "INTERNAL",
                     *       "requestId": "7f3c2a"
                     *     }
                     */
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description Temporarily unavailable */
            503: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The service is temporarily unavailable; retry shortly",
                     *       "code": "UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["UnavailableError"];
                };
            };
        };
    };
    getProgram: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Program"];
                };
            };
            /** @description Invalid input or a violated rule */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "email is required",
                     *       "code": "VALIDATION_FAILED",
                     *       "details": [
                     *         {
                     *           "field": "email",
                     *           "message": "email is required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Send \"Authorization: Bearer <API key>\"",
                     *       "code": "UNAUTHENTICATED"
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            /** @description The token may not use this endpoint */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A partner token may not use coupons",
                     *       "code": "FORBIDDEN"
                     *     }
                     */
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description No such record (or endpoint) */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Not found",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Rate limit exceeded; retry in 12 s",
                     *       "code": "RATE_LIMITED"
                     *     }
                     */
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description The operation failed */
            500: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error (request id 7f3c2a)",
                     *       "code": "INTERNAL",
                     *       "requestId": "7f3c2a"
                     *     }
                     */
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description Temporarily unavailable */
            503: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The service is temporarily unavailable; retry shortly",
                     *       "code": "UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["UnavailableError"];
                };
            };
        };
    };
    createAffiliatePortalLink: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: kept 24 h per token; a repeat answers the first answer with `Idempotent-Replayed: true`, a different request under the same key is 422, one still running is 409. 1 to 255 visible ASCII characters. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "affiliateId": "0192f0c4-5f6e-7a1b-8c9d-0e1f2a3b4c5d"
                 *     }
                 */
                "application/json": {
                    /** @description The affiliate: its UUID, one of its link slugs or a numeric click id (at most 200 characters). */
                    affiliateId: string;
                };
            };
        };
        responses: {
            /** @description Created. */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AffiliatePortalLink"];
                };
            };
            /** @description Invalid input or a violated rule */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "email is required",
                     *       "code": "VALIDATION_FAILED",
                     *       "details": [
                     *         {
                     *           "field": "email",
                     *           "message": "email is required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Send \"Authorization: Bearer <API key>\"",
                     *       "code": "UNAUTHENTICATED"
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            /** @description The token may not use this endpoint */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A partner token may not use coupons",
                     *       "code": "FORBIDDEN"
                     *     }
                     */
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description No such record (or endpoint) */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Not found",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description The same Idempotency-Key is still being processed */
            409: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A request with this Idempotency-Key is still being processed; retry shortly",
                     *       "code": "IDEMPOTENCY_KEY_IN_USE"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyInUseError"];
                };
            };
            /** @description The Idempotency-Key was used with another request */
            422: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "This Idempotency-Key was used with a different request",
                     *       "code": "IDEMPOTENCY_KEY_REUSED"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyReusedError"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Rate limit exceeded; retry in 12 s",
                     *       "code": "RATE_LIMITED"
                     *     }
                     */
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description The operation failed */
            500: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error (request id 7f3c2a)",
                     *       "code": "INTERNAL",
                     *       "requestId": "7f3c2a"
                     *     }
                     */
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description Temporarily unavailable */
            503: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The service is temporarily unavailable; retry shortly",
                     *       "code": "UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["UnavailableError"];
                };
            };
        };
    };
    listPayoutBatches: {
        parameters: {
            query?: {
                /** @description Only batches in this status. */
                status?: "open" | "paid" | "failed";
                /** @description One page of at most this many items instead of the whole list; the `X-Next-Cursor` header then names the next page. */
                limit?: number;
                /** @description The `X-Next-Cursor` of the page before: the page after it. */
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list: one JSON array (or one page of it with `limit`). */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Next-Cursor": components["headers"]["X-Next-Cursor"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayoutBatch"][];
                };
            };
            /** @description Invalid input or a violated rule */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "email is required",
                     *       "code": "VALIDATION_FAILED",
                     *       "details": [
                     *         {
                     *           "field": "email",
                     *           "message": "email is required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Send \"Authorization: Bearer <API key>\"",
                     *       "code": "UNAUTHENTICATED"
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            /** @description The token may not use this endpoint */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A partner token may not use coupons",
                     *       "code": "FORBIDDEN"
                     *     }
                     */
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description No such record (or endpoint) */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Not found",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Rate limit exceeded; retry in 12 s",
                     *       "code": "RATE_LIMITED"
                     *     }
                     */
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description The operation failed */
            500: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error (request id 7f3c2a)",
                     *       "code": "INTERNAL",
                     *       "requestId": "7f3c2a"
                     *     }
                     */
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description Temporarily unavailable */
            503: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The service is temporarily unavailable; retry shortly",
                     *       "code": "UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["UnavailableError"];
                };
            };
        };
    };
    createPayoutBatch: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: kept 24 h per token; a repeat answers the first answer with `Idempotent-Replayed: true`, a different request under the same key is 422, one still running is 409. 1 to 255 visible ASCII characters. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /** @example {} */
                "application/json": {
                    /** @description The commissions to batch (UUIDs); not with saleIds. */
                    commissionIds?: string[] | null;
                    /** @description The sales whose commissions to batch; not with commissionIds. */
                    saleIds?: number[] | null;
                };
            };
        };
        responses: {
            /** @description Created. */
            201: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayoutBatch"];
                };
            };
            /** @description Invalid input or a violated rule */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "email is required",
                     *       "code": "VALIDATION_FAILED",
                     *       "details": [
                     *         {
                     *           "field": "email",
                     *           "message": "email is required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Send \"Authorization: Bearer <API key>\"",
                     *       "code": "UNAUTHENTICATED"
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            /** @description The token may not use this endpoint */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A partner token may not use coupons",
                     *       "code": "FORBIDDEN"
                     *     }
                     */
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description No such record (or endpoint) */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Not found",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description The same Idempotency-Key is still being processed */
            409: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A request with this Idempotency-Key is still being processed; retry shortly",
                     *       "code": "IDEMPOTENCY_KEY_IN_USE"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyInUseError"];
                };
            };
            /** @description The Idempotency-Key was used with another request */
            422: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "This Idempotency-Key was used with a different request",
                     *       "code": "IDEMPOTENCY_KEY_REUSED"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyReusedError"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Rate limit exceeded; retry in 12 s",
                     *       "code": "RATE_LIMITED"
                     *     }
                     */
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description The operation failed */
            500: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error (request id 7f3c2a)",
                     *       "code": "INTERNAL",
                     *       "requestId": "7f3c2a"
                     *     }
                     */
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description Temporarily unavailable */
            503: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The service is temporarily unavailable; retry shortly",
                     *       "code": "UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["UnavailableError"];
                };
            };
        };
    };
    getPayoutBatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The batch (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayoutBatch"];
                };
            };
            /** @description Invalid input or a violated rule */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "email is required",
                     *       "code": "VALIDATION_FAILED",
                     *       "details": [
                     *         {
                     *           "field": "email",
                     *           "message": "email is required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Send \"Authorization: Bearer <API key>\"",
                     *       "code": "UNAUTHENTICATED"
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            /** @description The token may not use this endpoint */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A partner token may not use coupons",
                     *       "code": "FORBIDDEN"
                     *     }
                     */
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description No such record (or endpoint) */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Not found",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Rate limit exceeded; retry in 12 s",
                     *       "code": "RATE_LIMITED"
                     *     }
                     */
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description The operation failed */
            500: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error (request id 7f3c2a)",
                     *       "code": "INTERNAL",
                     *       "requestId": "7f3c2a"
                     *     }
                     */
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description Temporarily unavailable */
            503: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The service is temporarily unavailable; retry shortly",
                     *       "code": "UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["UnavailableError"];
                };
            };
        };
    };
    exportPayoutBatch: {
        parameters: {
            query: {
                /** @description paypal or wise. */
                format: "paypal" | "wise";
            };
            header?: never;
            path: {
                /** @description The batch (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file, to download. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description The file is an attachment, with the name to save it under (RFC 6266). */
                    "Content-Disposition": string;
                    [name: string]: unknown;
                };
                content: {
                    /** @example ada@example.com,42.50,USD,po_c4600071238abcdef0123456789,Affiliate commissions from Acme,PAYPAL */
                    "text/csv": string;
                };
            };
            /** @description Invalid input or a violated rule */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "email is required",
                     *       "code": "VALIDATION_FAILED",
                     *       "details": [
                     *         {
                     *           "field": "email",
                     *           "message": "email is required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Send \"Authorization: Bearer <API key>\"",
                     *       "code": "UNAUTHENTICATED"
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            /** @description The token may not use this endpoint */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A partner token may not use coupons",
                     *       "code": "FORBIDDEN"
                     *     }
                     */
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description No such record (or endpoint) */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Not found",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Rate limit exceeded; retry in 12 s",
                     *       "code": "RATE_LIMITED"
                     *     }
                     */
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description The operation failed */
            500: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error (request id 7f3c2a)",
                     *       "code": "INTERNAL",
                     *       "requestId": "7f3c2a"
                     *     }
                     */
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description Temporarily unavailable */
            503: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The service is temporarily unavailable; retry shortly",
                     *       "code": "UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["UnavailableError"];
                };
            };
        };
    };
    sendPayoutBatch: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: kept 24 h per token; a repeat answers the first answer with `Idempotent-Replayed: true`, a different request under the same key is 422, one still running is 409. 1 to 255 visible ASCII characters. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The batch (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /** @example {} */
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayoutBatch"];
                };
            };
            /** @description Invalid input or a violated rule */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "email is required",
                     *       "code": "VALIDATION_FAILED",
                     *       "details": [
                     *         {
                     *           "field": "email",
                     *           "message": "email is required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Send \"Authorization: Bearer <API key>\"",
                     *       "code": "UNAUTHENTICATED"
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            /** @description The token may not use this endpoint */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A partner token may not use coupons",
                     *       "code": "FORBIDDEN"
                     *     }
                     */
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description No such record (or endpoint) */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Not found",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description The same Idempotency-Key is still being processed */
            409: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A request with this Idempotency-Key is still being processed; retry shortly",
                     *       "code": "IDEMPOTENCY_KEY_IN_USE"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyInUseError"];
                };
            };
            /** @description The Idempotency-Key was used with another request */
            422: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "This Idempotency-Key was used with a different request",
                     *       "code": "IDEMPOTENCY_KEY_REUSED"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyReusedError"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Rate limit exceeded; retry in 12 s",
                     *       "code": "RATE_LIMITED"
                     *     }
                     */
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description The operation failed */
            500: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error (request id 7f3c2a)",
                     *       "code": "INTERNAL",
                     *       "requestId": "7f3c2a"
                     *     }
                     */
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description Temporarily unavailable */
            503: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The service is temporarily unavailable; retry shortly",
                     *       "code": "UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["UnavailableError"];
                };
            };
        };
    };
    markPayoutBatchPaid: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: kept 24 h per token; a repeat answers the first answer with `Idempotent-Replayed: true`, a different request under the same key is 422, one still running is 409. 1 to 255 visible ASCII characters. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The batch (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "reference": "PAYPAL-BATCH-8HX2"
                 *     }
                 */
                "application/json": {
                    /** @description How it was paid (a PayPal or Wise batch id, a bank reference), at most 200 characters; omitted: none. */
                    reference?: string | null;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayoutBatch"];
                };
            };
            /** @description Invalid input or a violated rule */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "email is required",
                     *       "code": "VALIDATION_FAILED",
                     *       "details": [
                     *         {
                     *           "field": "email",
                     *           "message": "email is required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Send \"Authorization: Bearer <API key>\"",
                     *       "code": "UNAUTHENTICATED"
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            /** @description The token may not use this endpoint */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A partner token may not use coupons",
                     *       "code": "FORBIDDEN"
                     *     }
                     */
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description No such record (or endpoint) */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Not found",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description The same Idempotency-Key is still being processed */
            409: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A request with this Idempotency-Key is still being processed; retry shortly",
                     *       "code": "IDEMPOTENCY_KEY_IN_USE"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyInUseError"];
                };
            };
            /** @description The Idempotency-Key was used with another request */
            422: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "This Idempotency-Key was used with a different request",
                     *       "code": "IDEMPOTENCY_KEY_REUSED"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyReusedError"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Rate limit exceeded; retry in 12 s",
                     *       "code": "RATE_LIMITED"
                     *     }
                     */
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description The operation failed */
            500: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error (request id 7f3c2a)",
                     *       "code": "INTERNAL",
                     *       "requestId": "7f3c2a"
                     *     }
                     */
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description Temporarily unavailable */
            503: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The service is temporarily unavailable; retry shortly",
                     *       "code": "UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["UnavailableError"];
                };
            };
        };
    };
    listPayouts: {
        parameters: {
            query?: {
                /** @description Only payouts in this status. */
                status?: "pending" | "processing" | "paid" | "failed";
                /** @description Only payouts made by this method. */
                method?: "paypal" | "wise" | "stripe_connect" | "manual";
                /** @description The affiliate's UUID; any other value matches nothing. */
                affiliateId?: string;
                /** @description The batch's UUID; any other value matches nothing. */
                batchId?: string;
                /** @description One page of at most this many items instead of the whole list; the `X-Next-Cursor` header then names the next page. */
                limit?: number;
                /** @description The `X-Next-Cursor` of the page before: the page after it. */
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The list: one JSON array (or one page of it with `limit`). */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Next-Cursor": components["headers"]["X-Next-Cursor"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Payout"][];
                };
            };
            /** @description Invalid input or a violated rule */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "email is required",
                     *       "code": "VALIDATION_FAILED",
                     *       "details": [
                     *         {
                     *           "field": "email",
                     *           "message": "email is required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Send \"Authorization: Bearer <API key>\"",
                     *       "code": "UNAUTHENTICATED"
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            /** @description The token may not use this endpoint */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A partner token may not use coupons",
                     *       "code": "FORBIDDEN"
                     *     }
                     */
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description No such record (or endpoint) */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Not found",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Rate limit exceeded; retry in 12 s",
                     *       "code": "RATE_LIMITED"
                     *     }
                     */
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description The operation failed */
            500: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error (request id 7f3c2a)",
                     *       "code": "INTERNAL",
                     *       "requestId": "7f3c2a"
                     *     }
                     */
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description Temporarily unavailable */
            503: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The service is temporarily unavailable; retry shortly",
                     *       "code": "UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["UnavailableError"];
                };
            };
        };
    };
    markPayoutPaid: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: kept 24 h per token; a repeat answers the first answer with `Idempotent-Replayed: true`, a different request under the same key is 422, one still running is 409. 1 to 255 visible ASCII characters. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The payout (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "reference": "bank-transfer-2026-11-30"
                 *     }
                 */
                "application/json": {
                    /** @description How it was paid (a PayPal or Wise batch id, a bank reference), at most 200 characters; omitted: none. */
                    reference?: string | null;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Payout"];
                };
            };
            /** @description Invalid input or a violated rule */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "email is required",
                     *       "code": "VALIDATION_FAILED",
                     *       "details": [
                     *         {
                     *           "field": "email",
                     *           "message": "email is required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Send \"Authorization: Bearer <API key>\"",
                     *       "code": "UNAUTHENTICATED"
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            /** @description The token may not use this endpoint */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A partner token may not use coupons",
                     *       "code": "FORBIDDEN"
                     *     }
                     */
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description No such record (or endpoint) */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Not found",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description The same Idempotency-Key is still being processed */
            409: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A request with this Idempotency-Key is still being processed; retry shortly",
                     *       "code": "IDEMPOTENCY_KEY_IN_USE"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyInUseError"];
                };
            };
            /** @description The Idempotency-Key was used with another request */
            422: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "This Idempotency-Key was used with a different request",
                     *       "code": "IDEMPOTENCY_KEY_REUSED"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyReusedError"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Rate limit exceeded; retry in 12 s",
                     *       "code": "RATE_LIMITED"
                     *     }
                     */
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description The operation failed */
            500: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error (request id 7f3c2a)",
                     *       "code": "INTERNAL",
                     *       "requestId": "7f3c2a"
                     *     }
                     */
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description Temporarily unavailable */
            503: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The service is temporarily unavailable; retry shortly",
                     *       "code": "UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["UnavailableError"];
                };
            };
        };
    };
    markPayoutFailed: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: kept 24 h per token; a repeat answers the first answer with `Idempotent-Replayed: true`, a different request under the same key is 422, one still running is 409. 1 to 255 visible ASCII characters. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The payout (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "reason": "Unclaimed: no PayPal account for this email"
                 *     }
                 */
                "application/json": {
                    /** @description Why, 1 to 500 characters. */
                    reason: string;
                };
            };
        };
        responses: {
            /** @description Success. */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Payout"];
                };
            };
            /** @description Invalid input or a violated rule */
            400: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "email is required",
                     *       "code": "VALIDATION_FAILED",
                     *       "details": [
                     *         {
                     *           "field": "email",
                     *           "message": "email is required"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description Missing, malformed, unknown or revoked token */
            401: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Send \"Authorization: Bearer <API key>\"",
                     *       "code": "UNAUTHENTICATED"
                     *     }
                     */
                    "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            /** @description The token may not use this endpoint */
            403: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A partner token may not use coupons",
                     *       "code": "FORBIDDEN"
                     *     }
                     */
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description No such record (or endpoint) */
            404: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Not found",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description The same Idempotency-Key is still being processed */
            409: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "A request with this Idempotency-Key is still being processed; retry shortly",
                     *       "code": "IDEMPOTENCY_KEY_IN_USE"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyInUseError"];
                };
            };
            /** @description The Idempotency-Key was used with another request */
            422: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "This Idempotency-Key was used with a different request",
                     *       "code": "IDEMPOTENCY_KEY_REUSED"
                     *     }
                     */
                    "application/json": components["schemas"]["IdempotencyKeyReusedError"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Rate limit exceeded; retry in 12 s",
                     *       "code": "RATE_LIMITED"
                     *     }
                     */
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description The operation failed */
            500: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error (request id 7f3c2a)",
                     *       "code": "INTERNAL",
                     *       "requestId": "7f3c2a"
                     *     }
                     */
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description Temporarily unavailable */
            503: {
                headers: {
                    /** @description What is left of the limit that applies (IETF RateLimit header fields): `"reads";r=<remaining>;t=<seconds to reset>`. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    RateLimit?: string;
                    /** @description The limit that applies: `"reads";q=<quota>;w=<window seconds>` (or `"writes"`), per token, endpoint and method. Absent when the request failed before it was counted (the database or the rate-limit store could not be reached). */
                    "RateLimit-Policy"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The service is temporarily unavailable; retry shortly",
                     *       "code": "UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["UnavailableError"];
                };
            };
        };
    };
    receiveStripeEvent: {
        parameters: {
            query?: never;
            header: {
                /** @description Stripe's signature header: `t=<unix time>,v1=<HMAC-SHA256 of "t.body" with the signing secret>[,v1=…]`. */
                "Stripe-Signature": string;
            };
            path: {
                /** @description The billing integration id (a UUID). */
                integrationId: string;
            };
            cookie?: never;
        };
        /** @description A Stripe event object (`object: "event"`) of the account's API version, as Stripe sends it; see Stripe's API reference for the objects in `data.object`. */
        requestBody: {
            content: {
                "application/json": {
                    /** @description The event id (`evt_…`): received once per integration. */
                    id: string;
                    /** @constant */
                    object: "event";
                    /** @description The event type, e.g. `invoice.paid`. */
                    type: string;
                    /** @description The API version the objects are rendered in. */
                    api_version?: string | null;
                    /** @description When it happened (Unix seconds). */
                    created?: number;
                    data: {
                        /** @description The Stripe object the event is about. */
                        object: Record<string, never>;
                    };
                };
            };
        };
        responses: {
            /** @description Well signed: taken (recorded or ignored) or a repeat. Stripe stops retrying. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "received": true,
                     *       "outcome": "recorded",
                     *       "detail": "sale 42 of 49.99 USD for referral 0e6d1f5c-2a53-4c1e-9d55-6f1e4e0f3b7a"
                     *     }
                     */
                    "application/json": {
                        /**
                         * @description The signature held and the event was taken.
                         * @constant
                         */
                        received: true;
                        /**
                         * @description What the event did: recorded a referral, sale, refund or status, or nothing (said why in `detail`). Absent for a repeat.
                         * @enum {string}
                         */
                        outcome?: "recorded" | "ignored";
                        /** @description What was recorded, or why nothing was; the same text `billingEvents` lists. */
                        detail?: string;
                        /**
                         * @description This event id was received before: nothing changed.
                         * @constant
                         */
                        duplicate?: true;
                    };
                };
            };
            /** @description Missing, malformed, stale, future-dated or wrong signature (or a body that is not the signed one), or a well-signed event that is malformed (its problems in `details`): nothing recorded. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Invalid signature: No signatures found matching the expected signature for payload",
                     *       "code": "VALIDATION_FAILED"
                     *     }
                     */
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description No integration with this id (deleted, or never made). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "No such billing integration",
                     *       "code": "NOT_FOUND"
                     *     }
                     */
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description Too many deliveries from this address; Stripe retries later. */
            429: {
                headers: {
                    /** @description Seconds to wait before delivering again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Too many requests; retry in 12 s",
                     *       "code": "RATE_LIMITED"
                     *     }
                     */
                    "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            /** @description The event could not be processed (a defect, logged with the request id): nothing of it stays, and Stripe delivers it again. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "Internal server error (request id 7f3c2a)",
                     *       "code": "INTERNAL",
                     *       "requestId": "7f3c2a"
                     *     }
                     */
                    "application/json": components["schemas"]["InternalError"];
                };
            };
            /** @description The database cannot be reached: nothing was recorded, and Stripe delivers the event again later. */
            503: {
                headers: {
                    /** @description Seconds to wait before delivering again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": "The service is temporarily unavailable; retry shortly",
                     *       "code": "UNAVAILABLE"
                     *     }
                     */
                    "application/json": components["schemas"]["UnavailableError"];
                };
            };
        };
    };
    "event.affiliate.created": {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`): the same on every attempt and replay; dedupe by it. */
                "webhook-id": string;
                /** @description Seconds since the Unix epoch when this attempt was signed; refuse one far from now. */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">` with the endpoint's `whsec_` secret (two during a secret rotation). */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The event id, as in `webhook-id` and `GET /events`. */
                    id: string;
                    /**
                     * @description The event type.
                     * @constant
                     */
                    type: "affiliate.created";
                    /**
                     * Format: date-time
                     * @description When it happened (ISO 8601, UTC).
                     */
                    createdAt: string;
                    /**
                     * Format: uuid
                     * @description The program it happened in.
                     */
                    programId: string;
                    data: components["schemas"]["Affiliate"];
                };
            };
        };
        responses: {
            /** @description Received (any 2xx): no more attempts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the endpoint is disabled and nothing more is sent to it. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "event.affiliate.updated": {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`): the same on every attempt and replay; dedupe by it. */
                "webhook-id": string;
                /** @description Seconds since the Unix epoch when this attempt was signed; refuse one far from now. */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">` with the endpoint's `whsec_` secret (two during a secret rotation). */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The event id, as in `webhook-id` and `GET /events`. */
                    id: string;
                    /**
                     * @description The event type.
                     * @constant
                     */
                    type: "affiliate.updated";
                    /**
                     * Format: date-time
                     * @description When it happened (ISO 8601, UTC).
                     */
                    createdAt: string;
                    /**
                     * Format: uuid
                     * @description The program it happened in.
                     */
                    programId: string;
                    data: components["schemas"]["Affiliate"];
                };
            };
        };
        responses: {
            /** @description Received (any 2xx): no more attempts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the endpoint is disabled and nothing more is sent to it. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "event.affiliate.deleted": {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`): the same on every attempt and replay; dedupe by it. */
                "webhook-id": string;
                /** @description Seconds since the Unix epoch when this attempt was signed; refuse one far from now. */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">` with the endpoint's `whsec_` secret (two during a secret rotation). */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The event id, as in `webhook-id` and `GET /events`. */
                    id: string;
                    /**
                     * @description The event type.
                     * @constant
                     */
                    type: "affiliate.deleted";
                    /**
                     * Format: date-time
                     * @description When it happened (ISO 8601, UTC).
                     */
                    createdAt: string;
                    /**
                     * Format: uuid
                     * @description The program it happened in.
                     */
                    programId: string;
                    data: components["schemas"]["Affiliate"];
                };
            };
        };
        responses: {
            /** @description Received (any 2xx): no more attempts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the endpoint is disabled and nothing more is sent to it. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "event.referral.created": {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`): the same on every attempt and replay; dedupe by it. */
                "webhook-id": string;
                /** @description Seconds since the Unix epoch when this attempt was signed; refuse one far from now. */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">` with the endpoint's `whsec_` secret (two during a secret rotation). */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The event id, as in `webhook-id` and `GET /events`. */
                    id: string;
                    /**
                     * @description The event type.
                     * @constant
                     */
                    type: "referral.created";
                    /**
                     * Format: date-time
                     * @description When it happened (ISO 8601, UTC).
                     */
                    createdAt: string;
                    /**
                     * Format: uuid
                     * @description The program it happened in.
                     */
                    programId: string;
                    data: components["schemas"]["Referral"];
                };
            };
        };
        responses: {
            /** @description Received (any 2xx): no more attempts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the endpoint is disabled and nothing more is sent to it. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "event.referral.updated": {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`): the same on every attempt and replay; dedupe by it. */
                "webhook-id": string;
                /** @description Seconds since the Unix epoch when this attempt was signed; refuse one far from now. */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">` with the endpoint's `whsec_` secret (two during a secret rotation). */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The event id, as in `webhook-id` and `GET /events`. */
                    id: string;
                    /**
                     * @description The event type.
                     * @constant
                     */
                    type: "referral.updated";
                    /**
                     * Format: date-time
                     * @description When it happened (ISO 8601, UTC).
                     */
                    createdAt: string;
                    /**
                     * Format: uuid
                     * @description The program it happened in.
                     */
                    programId: string;
                    data: components["schemas"]["Referral"];
                };
            };
        };
        responses: {
            /** @description Received (any 2xx): no more attempts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the endpoint is disabled and nothing more is sent to it. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "event.referral.deleted": {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`): the same on every attempt and replay; dedupe by it. */
                "webhook-id": string;
                /** @description Seconds since the Unix epoch when this attempt was signed; refuse one far from now. */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">` with the endpoint's `whsec_` secret (two during a secret rotation). */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The event id, as in `webhook-id` and `GET /events`. */
                    id: string;
                    /**
                     * @description The event type.
                     * @constant
                     */
                    type: "referral.deleted";
                    /**
                     * Format: date-time
                     * @description When it happened (ISO 8601, UTC).
                     */
                    createdAt: string;
                    /**
                     * Format: uuid
                     * @description The program it happened in.
                     */
                    programId: string;
                    data: components["schemas"]["Referral"];
                };
            };
        };
        responses: {
            /** @description Received (any 2xx): no more attempts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the endpoint is disabled and nothing more is sent to it. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "event.coupon.created": {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`): the same on every attempt and replay; dedupe by it. */
                "webhook-id": string;
                /** @description Seconds since the Unix epoch when this attempt was signed; refuse one far from now. */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">` with the endpoint's `whsec_` secret (two during a secret rotation). */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The event id, as in `webhook-id` and `GET /events`. */
                    id: string;
                    /**
                     * @description The event type.
                     * @constant
                     */
                    type: "coupon.created";
                    /**
                     * Format: date-time
                     * @description When it happened (ISO 8601, UTC).
                     */
                    createdAt: string;
                    /**
                     * Format: uuid
                     * @description The program it happened in.
                     */
                    programId: string;
                    data: components["schemas"]["Coupon"];
                };
            };
        };
        responses: {
            /** @description Received (any 2xx): no more attempts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the endpoint is disabled and nothing more is sent to it. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "event.coupon.updated": {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`): the same on every attempt and replay; dedupe by it. */
                "webhook-id": string;
                /** @description Seconds since the Unix epoch when this attempt was signed; refuse one far from now. */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">` with the endpoint's `whsec_` secret (two during a secret rotation). */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The event id, as in `webhook-id` and `GET /events`. */
                    id: string;
                    /**
                     * @description The event type.
                     * @constant
                     */
                    type: "coupon.updated";
                    /**
                     * Format: date-time
                     * @description When it happened (ISO 8601, UTC).
                     */
                    createdAt: string;
                    /**
                     * Format: uuid
                     * @description The program it happened in.
                     */
                    programId: string;
                    data: components["schemas"]["Coupon"];
                };
            };
        };
        responses: {
            /** @description Received (any 2xx): no more attempts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the endpoint is disabled and nothing more is sent to it. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "event.coupon.deleted": {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`): the same on every attempt and replay; dedupe by it. */
                "webhook-id": string;
                /** @description Seconds since the Unix epoch when this attempt was signed; refuse one far from now. */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">` with the endpoint's `whsec_` secret (two during a secret rotation). */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The event id, as in `webhook-id` and `GET /events`. */
                    id: string;
                    /**
                     * @description The event type.
                     * @constant
                     */
                    type: "coupon.deleted";
                    /**
                     * Format: date-time
                     * @description When it happened (ISO 8601, UTC).
                     */
                    createdAt: string;
                    /**
                     * Format: uuid
                     * @description The program it happened in.
                     */
                    programId: string;
                    data: components["schemas"]["Coupon"];
                };
            };
        };
        responses: {
            /** @description Received (any 2xx): no more attempts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the endpoint is disabled and nothing more is sent to it. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "event.promotional_code.created": {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`): the same on every attempt and replay; dedupe by it. */
                "webhook-id": string;
                /** @description Seconds since the Unix epoch when this attempt was signed; refuse one far from now. */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">` with the endpoint's `whsec_` secret (two during a secret rotation). */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The event id, as in `webhook-id` and `GET /events`. */
                    id: string;
                    /**
                     * @description The event type.
                     * @constant
                     */
                    type: "promotional_code.created";
                    /**
                     * Format: date-time
                     * @description When it happened (ISO 8601, UTC).
                     */
                    createdAt: string;
                    /**
                     * Format: uuid
                     * @description The program it happened in.
                     */
                    programId: string;
                    data: components["schemas"]["PromotionalCode"];
                };
            };
        };
        responses: {
            /** @description Received (any 2xx): no more attempts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the endpoint is disabled and nothing more is sent to it. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "event.promotional_code.updated": {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`): the same on every attempt and replay; dedupe by it. */
                "webhook-id": string;
                /** @description Seconds since the Unix epoch when this attempt was signed; refuse one far from now. */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">` with the endpoint's `whsec_` secret (two during a secret rotation). */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The event id, as in `webhook-id` and `GET /events`. */
                    id: string;
                    /**
                     * @description The event type.
                     * @constant
                     */
                    type: "promotional_code.updated";
                    /**
                     * Format: date-time
                     * @description When it happened (ISO 8601, UTC).
                     */
                    createdAt: string;
                    /**
                     * Format: uuid
                     * @description The program it happened in.
                     */
                    programId: string;
                    data: components["schemas"]["PromotionalCode"];
                };
            };
        };
        responses: {
            /** @description Received (any 2xx): no more attempts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the endpoint is disabled and nothing more is sent to it. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "event.promotional_code.deleted": {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`): the same on every attempt and replay; dedupe by it. */
                "webhook-id": string;
                /** @description Seconds since the Unix epoch when this attempt was signed; refuse one far from now. */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">` with the endpoint's `whsec_` secret (two during a secret rotation). */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The event id, as in `webhook-id` and `GET /events`. */
                    id: string;
                    /**
                     * @description The event type.
                     * @constant
                     */
                    type: "promotional_code.deleted";
                    /**
                     * Format: date-time
                     * @description When it happened (ISO 8601, UTC).
                     */
                    createdAt: string;
                    /**
                     * Format: uuid
                     * @description The program it happened in.
                     */
                    programId: string;
                    data: components["schemas"]["PromotionalCode"];
                };
            };
        };
        responses: {
            /** @description Received (any 2xx): no more attempts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the endpoint is disabled and nothing more is sent to it. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "event.sale.created": {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`): the same on every attempt and replay; dedupe by it. */
                "webhook-id": string;
                /** @description Seconds since the Unix epoch when this attempt was signed; refuse one far from now. */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">` with the endpoint's `whsec_` secret (two during a secret rotation). */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The event id, as in `webhook-id` and `GET /events`. */
                    id: string;
                    /**
                     * @description The event type.
                     * @constant
                     */
                    type: "sale.created";
                    /**
                     * Format: date-time
                     * @description When it happened (ISO 8601, UTC).
                     */
                    createdAt: string;
                    /**
                     * Format: uuid
                     * @description The program it happened in.
                     */
                    programId: string;
                    data: components["schemas"]["Sale"];
                };
            };
        };
        responses: {
            /** @description Received (any 2xx): no more attempts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the endpoint is disabled and nothing more is sent to it. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "event.sale.updated": {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`): the same on every attempt and replay; dedupe by it. */
                "webhook-id": string;
                /** @description Seconds since the Unix epoch when this attempt was signed; refuse one far from now. */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">` with the endpoint's `whsec_` secret (two during a secret rotation). */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The event id, as in `webhook-id` and `GET /events`. */
                    id: string;
                    /**
                     * @description The event type.
                     * @constant
                     */
                    type: "sale.updated";
                    /**
                     * Format: date-time
                     * @description When it happened (ISO 8601, UTC).
                     */
                    createdAt: string;
                    /**
                     * Format: uuid
                     * @description The program it happened in.
                     */
                    programId: string;
                    data: components["schemas"]["Sale"];
                };
            };
        };
        responses: {
            /** @description Received (any 2xx): no more attempts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the endpoint is disabled and nothing more is sent to it. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "event.sale.refunded": {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`): the same on every attempt and replay; dedupe by it. */
                "webhook-id": string;
                /** @description Seconds since the Unix epoch when this attempt was signed; refuse one far from now. */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">` with the endpoint's `whsec_` secret (two during a secret rotation). */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The event id, as in `webhook-id` and `GET /events`. */
                    id: string;
                    /**
                     * @description The event type.
                     * @constant
                     */
                    type: "sale.refunded";
                    /**
                     * Format: date-time
                     * @description When it happened (ISO 8601, UTC).
                     */
                    createdAt: string;
                    /**
                     * Format: uuid
                     * @description The program it happened in.
                     */
                    programId: string;
                    data: components["schemas"]["Sale"];
                };
            };
        };
        responses: {
            /** @description Received (any 2xx): no more attempts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the endpoint is disabled and nothing more is sent to it. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "event.commission.approved": {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`): the same on every attempt and replay; dedupe by it. */
                "webhook-id": string;
                /** @description Seconds since the Unix epoch when this attempt was signed; refuse one far from now. */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">` with the endpoint's `whsec_` secret (two during a secret rotation). */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The event id, as in `webhook-id` and `GET /events`. */
                    id: string;
                    /**
                     * @description The event type.
                     * @constant
                     */
                    type: "commission.approved";
                    /**
                     * Format: date-time
                     * @description When it happened (ISO 8601, UTC).
                     */
                    createdAt: string;
                    /**
                     * Format: uuid
                     * @description The program it happened in.
                     */
                    programId: string;
                    data: components["schemas"]["Commission"];
                };
            };
        };
        responses: {
            /** @description Received (any 2xx): no more attempts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the endpoint is disabled and nothing more is sent to it. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "event.commission.reversed": {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`): the same on every attempt and replay; dedupe by it. */
                "webhook-id": string;
                /** @description Seconds since the Unix epoch when this attempt was signed; refuse one far from now. */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">` with the endpoint's `whsec_` secret (two during a secret rotation). */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The event id, as in `webhook-id` and `GET /events`. */
                    id: string;
                    /**
                     * @description The event type.
                     * @constant
                     */
                    type: "commission.reversed";
                    /**
                     * Format: date-time
                     * @description When it happened (ISO 8601, UTC).
                     */
                    createdAt: string;
                    /**
                     * Format: uuid
                     * @description The program it happened in.
                     */
                    programId: string;
                    data: components["schemas"]["Commission"];
                };
            };
        };
        responses: {
            /** @description Received (any 2xx): no more attempts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the endpoint is disabled and nothing more is sent to it. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "event.payout_batch.created": {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`): the same on every attempt and replay; dedupe by it. */
                "webhook-id": string;
                /** @description Seconds since the Unix epoch when this attempt was signed; refuse one far from now. */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">` with the endpoint's `whsec_` secret (two during a secret rotation). */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The event id, as in `webhook-id` and `GET /events`. */
                    id: string;
                    /**
                     * @description The event type.
                     * @constant
                     */
                    type: "payout_batch.created";
                    /**
                     * Format: date-time
                     * @description When it happened (ISO 8601, UTC).
                     */
                    createdAt: string;
                    /**
                     * Format: uuid
                     * @description The program it happened in.
                     */
                    programId: string;
                    data: components["schemas"]["PayoutBatch"];
                };
            };
        };
        responses: {
            /** @description Received (any 2xx): no more attempts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the endpoint is disabled and nothing more is sent to it. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "event.payout_batch.paid": {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`): the same on every attempt and replay; dedupe by it. */
                "webhook-id": string;
                /** @description Seconds since the Unix epoch when this attempt was signed; refuse one far from now. */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">` with the endpoint's `whsec_` secret (two during a secret rotation). */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The event id, as in `webhook-id` and `GET /events`. */
                    id: string;
                    /**
                     * @description The event type.
                     * @constant
                     */
                    type: "payout_batch.paid";
                    /**
                     * Format: date-time
                     * @description When it happened (ISO 8601, UTC).
                     */
                    createdAt: string;
                    /**
                     * Format: uuid
                     * @description The program it happened in.
                     */
                    programId: string;
                    data: components["schemas"]["PayoutBatch"];
                };
            };
        };
        responses: {
            /** @description Received (any 2xx): no more attempts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the endpoint is disabled and nothing more is sent to it. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "event.payout.paid": {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`): the same on every attempt and replay; dedupe by it. */
                "webhook-id": string;
                /** @description Seconds since the Unix epoch when this attempt was signed; refuse one far from now. */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">` with the endpoint's `whsec_` secret (two during a secret rotation). */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The event id, as in `webhook-id` and `GET /events`. */
                    id: string;
                    /**
                     * @description The event type.
                     * @constant
                     */
                    type: "payout.paid";
                    /**
                     * Format: date-time
                     * @description When it happened (ISO 8601, UTC).
                     */
                    createdAt: string;
                    /**
                     * Format: uuid
                     * @description The program it happened in.
                     */
                    programId: string;
                    data: components["schemas"]["Payout"];
                };
            };
        };
        responses: {
            /** @description Received (any 2xx): no more attempts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the endpoint is disabled and nothing more is sent to it. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "event.payout.failed": {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_…`): the same on every attempt and replay; dedupe by it. */
                "webhook-id": string;
                /** @description Seconds since the Unix epoch when this attempt was signed; refuse one far from now. */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">` with the endpoint's `whsec_` secret (two during a secret rotation). */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The event id, as in `webhook-id` and `GET /events`. */
                    id: string;
                    /**
                     * @description The event type.
                     * @constant
                     */
                    type: "payout.failed";
                    /**
                     * Format: date-time
                     * @description When it happened (ISO 8601, UTC).
                     */
                    createdAt: string;
                    /**
                     * Format: uuid
                     * @description The program it happened in.
                     */
                    programId: string;
                    data: components["schemas"]["Payout"];
                };
            };
        };
        responses: {
            /** @description Received (any 2xx): no more attempts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the endpoint is disabled and nothing more is sent to it. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
