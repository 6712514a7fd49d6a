/**
 * The benchmark's baseline: a bare Express 5 + pg Pool app that answers the measured requests with the same
 * SQL each one needs (authenticate the API key by its hash, the lookups and inserts, the counter updates in
 * one transaction for writes), written plainly, no ORM, no GraphQL, no validation layer. Its JSON has the
 * same fields as the project's, so both send the same bytes. It only knows the benchmark's requests.
 *
 * Env: PORT, DATABASE_URL, POOL_MAX (default 10, the project's pool size).
 */
import { createHash } from 'node:crypto';
import express, { type NextFunction, type Request, type Response } from 'express';
import pg from 'pg';
import { newId } from '../src/common/ids';

// int8 (sale ids, counts) as JS numbers, like the project's JSON.
pg.types.setTypeParser(20, (v) => Number(v));

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_MAX ?? 10) });
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
type Row = Record<string, any>;

interface Program {
  id: string;
  currency: string;
  base_urls: string[];
  default_commission_rate: string;
  deduct_tax: boolean;
  deduct_shipping: boolean;
  reads_per_minute: number;
  writes_per_minute: number;
}

// ---- auth and a fixed-window rate limit per key x route x method (kept in memory) ----

const lastUsed = new Map<string, number>();
const windows = new Map<string, { start: number; count: number }>();

async function auth(req: Request, res: Response, next: NextFunction) {
  const m = /^Bearer (\S+)$/.exec(req.get('authorization') ?? '');
  if (!m) return res.status(401).json({ error: 'Missing API key', code: 'UNAUTHENTICATED' });
  const { rows } = await pool.query(
    `select k.id as key_id, p.id, p.currency, p.base_urls, p.default_commission_rate, p.deduct_tax, p.deduct_shipping, p.reads_per_minute, p.writes_per_minute
       from api_keys k join programs p on p.id = k.program_id
      where k.key_hash = $1 and k.revoked_at is null`,
    [createHash('sha256').update(m[1]).digest('hex')],
  );
  if (!rows.length) return res.status(401).json({ error: 'Unknown API key', code: 'UNAUTHENTICATED' });
  const key = rows[0];
  const now = Date.now();
  if (now - (lastUsed.get(key.key_id) ?? 0) > 60_000) {
    lastUsed.set(key.key_id, now);
    await pool.query('update api_keys set last_used_at = now() where id = $1', [key.key_id]);
  }
  const write = req.method !== 'GET';
  const limit = write ? key.writes_per_minute : key.reads_per_minute;
  const wkey = `${key.key_id} ${req.method} ${req.path} ${req.body?.operationName ?? ''}`;
  let w = windows.get(wkey);
  if (!w || now - w.start >= 60_000) windows.set(wkey, (w = { start: now, count: 0 }));
  if (++w.count > limit) return res.status(429).json({ error: 'Rate limit exceeded', code: 'RATE_LIMITED' });
  res.locals.program = key as Program;
  next();
}

// ---- JSON views (the same fields as the project's REST answers) ----

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const money = (v: string | null) => (v == null ? null : Number(v));
const cursor = (id: string | number) => Buffer.from(String(id), 'utf8').toString('base64url');
const PUBLIC_URL = process.env.PUBLIC_URL ?? 'http://localhost';
const fullURLs = (p: Program, slug: string) => p.base_urls.map((b) => ({ baseUrl: b, fullUrl: `${b}${b.includes('?') ? '&' : '?'}ref=${slug}` }));

const AFFILIATE_COLUMNS = `a.id, a.first_name, a.last_name, a.email, a.program_id, a.link, a.affiliate_status, a.commission_plan_id, a.affiliate_group_id,
  a.number_of_referred_users, a.number_of_clicks, round(a.total_commission_earned, 2)::text as total_commission_earned, a.created_at, a.updated_at,
  coalesce(a.commission_rate, cp.commission_rate, $2)::float8 as effective_rate`;

function affiliateView(a: Row, slugs: string[]) {
  return {
    id: a.id,
    firstName: a.first_name,
    lastName: a.last_name,
    name: `${a.first_name} ${a.last_name}`,
    email: a.email,
    programId: a.program_id,
    affiliateLinks: slugs,
    link: a.link,
    commissionRate: a.effective_rate,
    affiliateStatus: a.affiliate_status,
    commissionPlanId: a.commission_plan_id,
    affiliateGroupId: a.affiliate_group_id,
    numberOfReferredUsers: a.number_of_referred_users,
    numberOfClicks: a.number_of_clicks,
    totalCommissionEarned: money(a.total_commission_earned),
    createdAt: iso(a.created_at),
    updatedAt: iso(a.updated_at),
  };
}

const LINK_COLUMNS = `l.id, l.link, l.affiliate_id, l.clicks, l.referrals, l.sales, round(l.total_revenue, 2)::text as total_revenue, l.created_at, l.updated_at`;

function linkView(p: Program, l: Row) {
  return {
    id: l.id,
    link: l.link,
    affiliateId: l.affiliate_id,
    clicks: l.clicks,
    referrals: l.referrals,
    sales: l.sales,
    totalRevenue: money(l.total_revenue),
    fullURLs: fullURLs(p, l.link),
    trackingUrl: `${PUBLIC_URL}/r/${p.id}/${l.link}`,
    affiliate: { id: l.affiliate_id, name: `${l.first_name} ${l.last_name}`, email: l.email },
    createdAt: iso(l.created_at),
    updatedAt: iso(l.updated_at),
  };
}

const SALE_COLUMNS = `s.id, s.external_id, s.external_invoice_id, s.affiliate_id, s.referral_id, s.link_id, s.promo_code, s.name, s.email, s.currency,
  round(s.total_earned, 2)::text as total_earned, round(s.tax, 2)::text as tax, round(s.shipping, 2)::text as shipping, s.commission_rate,
  s.refunded, s.refunded_at, s.created_at, s.updated_at, c.rate::float8 as c_rate, round(c.amount, 2)::text as c_amount, c.status as c_status, c.hold_until`;

function saleView(s: Row) {
  const status = s.c_status === 'pending' && s.hold_until && s.hold_until.getTime() <= Date.now() ? 'approved' : s.c_status;
  return {
    id: s.id,
    externalId: s.external_id,
    externalInvoiceId: s.external_invoice_id,
    affiliateId: s.affiliate_id,
    referralId: s.referral_id,
    linkId: s.link_id,
    promoCode: s.promo_code,
    name: s.name,
    email: s.email,
    currency: s.currency,
    totalEarned: money(s.total_earned),
    tax: money(s.tax),
    shipping: money(s.shipping),
    commissionRate: s.c_rate ?? (s.commission_rate == null ? null : Number(s.commission_rate)),
    commissionEarned: s.c_amount == null ? 0 : money(s.c_amount),
    commissionStatus: status ?? null,
    refunded: s.refunded,
    refundedAt: iso(s.refunded_at),
    createdAt: iso(s.created_at),
    updatedAt: iso(s.updated_at),
  };
}

function referralView(r: Row) {
  return {
    id: r.id,
    affiliateId: r.affiliate_id,
    linkId: r.link_id,
    clickId: r.click_id == null ? null : Number(r.click_id),
    promoCode: r.promo_code,
    name: r.name,
    email: r.email,
    referredUserExternalId: r.referred_user_external_id,
    subscriptionStatus: r.subscription_status,
    status: r.subscription_status === 'active' || r.subscription_status === 'trialing' ? 'active' : 'inactive',
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

// ---- reads ----

async function findAffiliate(p: Program, id: string): Promise<Row | null> {
  if (UUID_RE.test(id)) {
    const { rows } = await pool.query(
      `select ${AFFILIATE_COLUMNS} from affiliates a left join commission_plans cp on cp.program_id = a.program_id and cp.id = a.commission_plan_id
        where a.program_id = $1 and a.id = $3`,
      [p.id, p.default_commission_rate, id],
    );
    if (rows[0]) return rows[0];
  }
  const { rows } = await pool.query(
    `select ${AFFILIATE_COLUMNS} from affiliate_links l join affiliates a on a.program_id = l.program_id and a.id = l.affiliate_id
       left join commission_plans cp on cp.program_id = a.program_id and cp.id = a.commission_plan_id
      where l.program_id = $1 and lower(l.link) = lower($3)`,
    [p.id, p.default_commission_rate, id],
  );
  return rows[0] ?? null;
}

async function affiliateById(p: Program, id: string) {
  const a = await findAffiliate(p, id);
  if (!a) return null;
  const { rows } = await pool.query('select link from affiliate_links where program_id = $1 and affiliate_id = $2 order by id', [p.id, a.id]);
  return affiliateView(
    a,
    rows.map((r) => r.link),
  );
}

async function linksOf(p: Program, affiliateId: string) {
  if (!UUID_RE.test(affiliateId)) return [];
  const { rows } = await pool.query(
    `select ${LINK_COLUMNS}, a.first_name, a.last_name, a.email from affiliate_links l join affiliates a on a.program_id = l.program_id and a.id = l.affiliate_id
      where l.program_id = $1 and l.affiliate_id = $2 order by l.id`,
    [p.id, affiliateId],
  );
  return rows.map((l) => linkView(p, l));
}

async function salesOf(p: Program, affiliateId: string | undefined) {
  if (affiliateId !== undefined && !UUID_RE.test(affiliateId)) return [];
  const { rows } = await pool.query(
    `select ${SALE_COLUMNS} from sales s left join commissions c on c.program_id = s.program_id and c.sale_id = s.id
      where s.program_id = $1 ${affiliateId !== undefined ? 'and s.affiliate_id = $2' : ''} order by s.id`,
    affiliateId !== undefined ? [p.id, affiliateId] : [p.id],
  );
  return rows.map(saleView);
}

/** The dashboard: a page of 50 affiliates with their links, two statements whatever the page holds. */
async function dashboard(p: Program, after: string | null, first = 50, linksFirst = 10) {
  const afterId = after ? Buffer.from(after, 'base64url').toString('utf8') : null;
  const { rows } = await pool.query(
    `select ${AFFILIATE_COLUMNS} from affiliates a left join commission_plans cp on cp.program_id = a.program_id and cp.id = a.commission_plan_id
      where a.program_id = $1 and ($3::uuid is null or a.id > $3::uuid) order by a.id limit $4`,
    [p.id, p.default_commission_rate, afterId, first + 1],
  );
  const page = rows.slice(0, first);
  const links = await pool.query(`select ${LINK_COLUMNS} from affiliate_links l where l.program_id = $1 and l.affiliate_id = any($2::uuid[]) order by l.id`, [
    p.id,
    page.map((a) => a.id),
  ]);
  const byAffiliate = new Map<string, Row[]>(page.map((a) => [a.id, []]));
  for (const l of links.rows) byAffiliate.get(l.affiliate_id)!.push(l);
  return {
    affiliates: {
      nodes: page.map((a) => {
        const own = byAffiliate.get(a.id)!;
        return {
          id: a.id,
          name: `${a.first_name} ${a.last_name}`,
          email: a.email,
          affiliateStatus: a.affiliate_status,
          commissionRate: a.effective_rate,
          numberOfReferredUsers: a.number_of_referred_users,
          numberOfClicks: a.number_of_clicks,
          totalCommissionEarned: money(a.total_commission_earned),
          createdAt: iso(a.created_at),
          links: {
            nodes: own.slice(0, linksFirst).map((l) => ({
              id: l.id,
              link: l.link,
              clicks: l.clicks,
              referrals: l.referrals,
              sales: l.sales,
              totalRevenue: money(l.total_revenue),
              fullURLs: fullURLs(p, l.link).map((u) => ({ fullUrl: u.fullUrl })),
            })),
          },
        };
      }),
      pageInfo: { hasNextPage: rows.length > first, endCursor: page.length ? cursor(page[page.length - 1].id) : null },
    },
  };
}

// ---- writes ----

async function firstLinkId(c: pg.PoolClient, programId: string, affiliateId: string): Promise<string | null> {
  const { rows } = await c.query('select id from affiliate_links where program_id = $1 and affiliate_id = $2 order by id limit 1', [programId, affiliateId]);
  return rows[0]?.id ?? null;
}

async function inTransaction<T>(fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
  const c = await pool.connect();
  try {
    await c.query('begin');
    const out = await fn(c);
    await c.query('commit');
    return out;
  } catch (err) {
    await c.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    c.release();
  }
}

class BadRequest extends Error {}

async function createReferral(p: Program, b: Row) {
  if (!b.affiliateId || !b.name || !b.email || !b.referredUserExternalId)
    throw new BadRequest('affiliateId, name, email and referredUserExternalId are required');
  return inTransaction(async (c) => {
    const a = (await c.query('select id from affiliates where program_id = $1 and id = $2', [p.id, b.affiliateId])).rows[0];
    if (!a) return null;
    const linkId = await firstLinkId(c, p.id, a.id);
    const { rows } = await c.query(
      `insert into referrals (id, program_id, affiliate_id, link_id, name, email, referred_user_external_id) values ($1, $2, $3, $4, $5, $6, $7) returning *`,
      [newId(), p.id, a.id, linkId, b.name, b.email, b.referredUserExternalId],
    );
    await c.query('update affiliates set number_of_referred_users = number_of_referred_users + 1, updated_at = now() where program_id = $1 and id = $2', [
      p.id,
      a.id,
    ]);
    if (linkId) await c.query('update affiliate_links set referrals = referrals + 1, updated_at = now() where program_id = $1 and id = $2', [p.id, linkId]);
    const view = referralView(rows[0]);
    await c.query(`insert into events (id, program_id, type, data) values ($1, $2, 'referral.created', $3)`, [`evt_${newId().replace(/-/g, '')}`, p.id, view]);
    return view;
  });
}

async function saleWithCommission(q: pg.Pool | pg.PoolClient, programId: string, where: string, value: unknown) {
  const { rows } = await q.query(
    `select ${SALE_COLUMNS} from sales s left join commissions c on c.program_id = s.program_id and c.sale_id = s.id where s.program_id = $1 and ${where}`,
    [programId, value],
  );
  return rows[0] ? saleView(rows[0]) : null;
}

async function recordSale(p: Program, b: Row): Promise<{ sale: unknown; replayed: boolean }> {
  if (typeof b.totalEarned !== 'number' || b.totalEarned === 0) throw new BadRequest('totalEarned is required');
  if (b.externalId) {
    const first = await saleWithCommission(pool, p.id, 's.external_id = $2', b.externalId);
    if (first) return { sale: first, replayed: true };
  }
  const sale = await inTransaction(async (c) => {
    let referral: Row | undefined;
    let affiliate: Row | undefined;
    let linkId: string | null = null;
    let promo: Row | undefined;
    if (b.referralId && UUID_RE.test(b.referralId)) {
      referral = (await c.query('select * from referrals where program_id = $1 and id = $2', [p.id, b.referralId])).rows[0];
      if (referral) {
        affiliate = (
          await c.query('select id, commission_rate, commission_plan_id from affiliates where program_id = $1 and id = $2', [p.id, referral.affiliate_id])
        ).rows[0];
        linkId = referral.link_id;
      } else {
        affiliate = (await c.query('select id, commission_rate, commission_plan_id from affiliates where program_id = $1 and id = $2', [p.id, b.referralId]))
          .rows[0];
        if (affiliate) linkId = await firstLinkId(c, p.id, affiliate.id);
      }
    }
    const name = b.name ?? referral?.name;
    const email = b.email ?? referral?.email;
    if (!name || !email) throw new BadRequest('name and email are required');
    if (b.promoCode) {
      const seen = (await c.query('select count(*)::int as n from sales where program_id = $1 and lower(email) = $2', [p.id, email.toLowerCase()])).rows[0].n;
      promo = (await c.query('select * from promotional_codes where program_id = $1 and lower(code) = $2', [p.id, String(b.promoCode).toLowerCase()])).rows[0];
      if (!promo || !promo.affiliate_id) throw new BadRequest('promoCode was not found');
      const coupon = (await c.query('select * from coupons where program_id = $1 and id = $2', [p.id, promo.coupon_id])).rows[0];
      if (!promo.active || (promo.expires_at && promo.expires_at <= new Date()) || !coupon.valid || (coupon.redeem_by && coupon.redeem_by <= new Date())) {
        throw new BadRequest('promoCode cannot be redeemed');
      }
      if (promo.first_time_order && seen > 0) throw new BadRequest('promoCode is for first orders');
      const code = await c.query(
        `update promotional_codes set times_redeemed = times_redeemed + 1, updated_at = now()
          where program_id = $1 and id = $2 and active and (max_redemptions is null or times_redeemed < max_redemptions) returning times_redeemed`,
        [p.id, promo.id],
      );
      if (!code.rowCount) throw new BadRequest('promoCode has reached its redemption limit');
      const k = await c.query(
        `update coupons set times_redeemed = times_redeemed + 1, updated_at = now()
          where program_id = $1 and id = $2 and valid and (max_redemptions is null or times_redeemed < max_redemptions) returning times_redeemed`,
        [p.id, coupon.id],
      );
      if (!k.rowCount) throw new BadRequest("promoCode's coupon has reached its redemption limit");
      if (!affiliate) {
        affiliate = (
          await c.query('select id, commission_rate, commission_plan_id from affiliates where program_id = $1 and id = $2', [p.id, promo.affiliate_id])
        ).rows[0];
        linkId = await firstLinkId(c, p.id, affiliate!.id);
      }
    }
    if (!affiliate) return null;
    const s = (
      await c.query(
        `insert into sales (program_id, affiliate_id, referral_id, link_id, promotional_code_id, promo_code, external_id, external_invoice_id, name, email, currency, total_earned, tax, shipping, commission_rate)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) returning id, total_earned, tax, shipping`,
        [
          p.id,
          affiliate.id,
          referral?.id ?? null,
          linkId,
          promo?.id ?? null,
          promo?.code ?? null,
          b.externalId ?? null,
          b.externalInvoiceId ?? null,
          name,
          email,
          p.currency,
          b.totalEarned,
          b.tax ?? null,
          b.shipping ?? null,
          b.commissionRate ?? null,
        ],
      )
    ).rows[0];
    const plan =
      affiliate.commission_rate == null && affiliate.commission_plan_id
        ? (await c.query('select commission_rate from commission_plans where program_id = $1 and id = $2', [p.id, affiliate.commission_plan_id])).rows[0]
        : undefined;
    const rate = b.commissionRate ?? affiliate.commission_rate ?? plan?.commission_rate ?? p.default_commission_rate;
    const base = Number(s.total_earned) - (p.deduct_tax ? Number(s.tax ?? 0) : 0) - (p.deduct_shipping ? Number(s.shipping ?? 0) : 0);
    const commission = (
      await c.query(
        `insert into commissions (id, program_id, sale_id, affiliate_id, rate, base, amount, currency, status, approved_at)
         values ($1, $2, $3, $4, $5, $6, round($6::numeric * $5::numeric / 100, 2), $7, 'approved', now()) returning id, amount`,
        [newId(), p.id, s.id, affiliate.id, rate, base, p.currency],
      )
    ).rows[0];
    await c.query(`insert into commission_entries (program_id, commission_id, kind, amount) values ($1, $2, 'earned', $3)`, [
      p.id,
      commission.id,
      commission.amount,
    ]);
    await c.query(
      'update affiliates set total_commission_earned = total_commission_earned + $3::numeric, updated_at = now() where program_id = $1 and id = $2',
      [p.id, affiliate.id, commission.amount],
    );
    if (linkId) {
      await c.query(
        'update affiliate_links set sales = sales + 1, total_revenue = total_revenue + $3::numeric, updated_at = now() where program_id = $1 and id = $2',
        [p.id, linkId, s.total_earned],
      );
    }
    const view = await saleWithCommission(c, p.id, 's.id = $2', s.id);
    await c.query(`insert into events (id, program_id, type, data) values ($1, $2, 'sale.created', $3)`, [`evt_${newId().replace(/-/g, '')}`, p.id, view]);
    return view;
  });
  return { sale, replayed: false };
}

// ---- routes ----

const app = express();
app.disable('x-powered-by');
app.set('query parser', 'simple');
app.get('/healthz', (_req, res) => {
  res.json({ status: 'ok' });
});
app.use(express.json({ limit: 1024 * 1024 }));

const program = (res: Response) => res.locals.program as Program;
const q = (req: Request, name: string) => (typeof req.query[name] === 'string' ? (req.query[name] as string) : undefined);

app.get('/api/v1/affiliates', auth, async (req, res) => {
  res.json(await affiliateById(program(res), q(req, 'id') ?? ''));
});
app.get('/api/v1/links', auth, async (req, res) => {
  res.json(await linksOf(program(res), q(req, 'affiliateId') ?? ''));
});
app.get('/api/v1/sales', auth, async (req, res) => {
  res.json(await salesOf(program(res), q(req, 'affiliateId')));
});
app.post('/api/v1/referrals', auth, async (req, res) => {
  res.json(await createReferral(program(res), req.body ?? {}));
});
app.post('/api/v1/sales', auth, async (req, res) => {
  const out = await recordSale(program(res), req.body ?? {});
  if (out.replayed) res.set('Idempotent-Replayed', 'true');
  res.json(out.sale);
});
// The GraphQL scenarios: the same data for the same operation, without a GraphQL engine.
app.post('/graphql', auth, async (req, res) => {
  const { operationName, variables = {} } = req.body ?? {};
  const p = program(res);
  switch (operationName) {
    case 'AffiliateLookup':
      return res.json({ data: { affiliate: await affiliateById(p, variables.id ?? '') } });
    case 'LinkList': {
      const nodes = await linksOf(p, variables.filter?.affiliateId ?? '');
      return res.json({ data: { links: { nodes, pageInfo: { hasNextPage: false, endCursor: nodes.length ? cursor(nodes[nodes.length - 1].id) : null } } } });
    }
    case 'SaleList': {
      const nodes = await salesOf(p, variables.filter?.affiliateId ?? '');
      return res.json({ data: { sales: { nodes, pageInfo: { hasNextPage: false, endCursor: nodes.length ? cursor(nodes[nodes.length - 1].id) : null } } } });
    }
    case 'Dashboard':
      return res.json({ data: await dashboard(p, variables.after ?? null) });
    default:
      return res.status(400).json({ errors: [{ message: `unknown operation ${operationName}` }] });
  }
});
app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
  if (err instanceof BadRequest) return res.status(400).json({ error: err.message, code: 'VALIDATION_FAILED' });
  console.error(err);
  res.status(500).json({ error: 'Internal server error', code: 'INTERNAL' });
});

const server = app.listen(Number(process.env.PORT ?? 3100), '127.0.0.1');
server.keepAliveTimeout = 65_000;
const stop = () => server.close(() => void pool.end().then(() => process.exit(0)));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
