import autocannon from 'autocannon';
import { sampleRss } from './processes';
import type { BenchRequest } from './scenarios';

export interface LoadResult {
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  requests: number;
  errors: number;
  non2xx: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  bytesPerResponse: number;
  durationSeconds: number;
  rssPeak: number;
  rssEnd: number;
}

export interface LoadOptions {
  origin: string;
  apiKey: string;
  connections: number;
  durationSeconds: number;
  /** Builds request number n; called once per request. */
  build: (n: number) => BenchRequest;
  /** Overall requests per second cap (open-ish loop); unset: as fast as the connections go. */
  rate?: number;
  /** Server pid whose RSS is sampled during the run. */
  pid?: number;
  /** Sum the RSS of the server's child processes too (clustered server). */
  treeRss?: boolean;
  /** Called for each response (soak: errors over time). */
  onResponse?: (status: number, ms: number) => void;
  onError?: () => void;
}

/** Closed-loop load with autocannon, in this process: `connections` connections, one request in flight each. */
export async function runLoad(o: LoadOptions): Promise<LoadResult> {
  let n = 0;
  const rss = o.pid ? sampleRss(o.pid, 250, o.treeRss) : undefined;
  const headers = { authorization: `Bearer ${o.apiKey}`, 'content-type': 'application/json' };
  let finish!: (r: autocannon.Result) => void;
  let fail!: (e: Error) => void;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const instance = autocannon(
    {
      url: o.origin,
      connections: o.connections,
      duration: o.durationSeconds,
      timeout: 10,
      ...(o.rate ? { overallRate: o.rate } : {}),
      headers,
      requests: [
        {
          setupRequest: (req) => {
            const r = o.build(n++);
            // Fresh headers every time: autocannon adds Content-Length to the headers object it is given, and a
            // GET after a POST would otherwise announce a body it never sends.
            return { ...req, method: r.method, path: r.path, headers: { ...headers }, body: r.body === undefined ? undefined : JSON.stringify(r.body) };
          },
        },
      ],
    },
    (err, res) => (err ? fail(err) : finish(res)),
  );
  if (o.onResponse) instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => o.onResponse!(status, ms));
  if (o.onError) instance.on('reqError', () => o.onError!());
  const result = await done;
  const mem = rss?.stop();
  const statusCodes: Record<string, number> = {};
  for (const [code, s] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = s.count ?? 0;
  const total = result.requests.total;
  return {
    rps: total / result.duration,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    requests: total,
    errors: result.errors + result.non2xx,
    non2xx: result.non2xx,
    timeouts: result.timeouts,
    statusCodes,
    bytesPerResponse: total ? result.throughput.total / total : 0,
    durationSeconds: result.duration,
    rssPeak: mem?.peak ?? 0,
    rssEnd: mem?.last ?? 0,
  };
}
