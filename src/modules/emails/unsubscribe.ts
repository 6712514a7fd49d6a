import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * One-click unsubscribe links of the notification emails (RFC 8058): they work without signing in, so each
 * carries a token that only its affiliate's secret (`emailToken`, never shown by an API) makes, for one kind.
 */

/** The notification kinds an affiliate may turn off, as named in unsubscribe links. */
export const NOTIFICATION_KINDS = ['new_commission', 'payout_sent'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const isNotificationKind = (k: unknown): k is NotificationKind => typeof k === 'string' && (NOTIFICATION_KINDS as readonly string[]).includes(k);

/** What a link is made for: the affiliate (with its program and secret). */
export interface UnsubscribeSubject {
  id: string;
  programId: string;
  emailToken: string;
}

/** 128 bits of HMAC-SHA256 keyed by the affiliate's secret over program, affiliate and kind: a link opens nothing else. */
export function unsubscribeToken(a: UnsubscribeSubject, kind: NotificationKind): string {
  return createHmac('sha256', a.emailToken).update(`unsubscribe:${a.programId}:${a.id}:${kind}`).digest('hex').slice(0, 32);
}

/** Whether `token` is this affiliate's for `kind`, compared in constant time. */
export function validUnsubscribeToken(a: UnsubscribeSubject, kind: NotificationKind, token: string): boolean {
  if (!/^[0-9a-f]{32}$/.test(token)) return false;
  return timingSafeEqual(Buffer.from(unsubscribeToken(a, kind)), Buffer.from(token));
}

/** `<portal>/unsubscribe?a=<affiliate>&k=<kind>&t=<token>`: the page (GET) and the one-click POST alike. */
export function unsubscribeUrl(portalUrl: string, a: UnsubscribeSubject, kind: NotificationKind): string {
  return `${portalUrl}/unsubscribe?a=${encodeURIComponent(a.id)}&k=${kind}&t=${unsubscribeToken(a, kind)}`;
}

/** The headers of a notification email: mail clients show an unsubscribe button that POSTs to the URL. */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** The affiliate's preference column of each kind (the entity's property). */
export const PREFERENCE_OF: Record<NotificationKind, 'notifyNewCommission' | 'notifyPayoutSent'> = {
  new_commission: 'notifyNewCommission',
  payout_sent: 'notifyPayoutSent',
};
