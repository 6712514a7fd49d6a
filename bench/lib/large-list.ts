import { sampleRss } from './processes';

export interface DownloadResult {
  status: number;
  seconds: number;
  bytes: number;
  items: number;
  /** A JSON array whose length is the expected count, ids strictly increasing. */
  complete: boolean;
  firstByteMs: number;
  rssBefore: number;
  rssPeak: number;
  error?: string;
}

/**
 * Downloads a list endpoint without parameters while sampling the server's RSS every 50 ms, then checks that
 * the body is one JSON array holding every row.
 */
export async function downloadList(origin: string, apiKey: string, path: string, pid: number, expected: number): Promise<DownloadResult> {
  const rss = sampleRss(pid, 50);
  const rssBefore = rss.samples[0]?.rss ?? 0;
  const started = performance.now();
  let firstByteMs = 0;
  let bytes = 0;
  const chunks: Buffer[] = [];
  let status = 0;
  try {
    const res = await fetch(origin + path, { headers: { authorization: `Bearer ${apiKey}` } });
    status = res.status;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      if (!bytes) firstByteMs = performance.now() - started;
      bytes += chunk.byteLength;
      chunks.push(Buffer.from(chunk));
    }
  } catch (err) {
    const mem = rss.stop();
    return {
      status,
      seconds: (performance.now() - started) / 1000,
      bytes,
      items: 0,
      complete: false,
      firstByteMs,
      rssBefore,
      rssPeak: mem.peak,
      error: String(err),
    };
  }
  const seconds = (performance.now() - started) / 1000;
  const mem = rss.stop();
  let items = 0;
  let complete = false;
  let error: string | undefined;
  try {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Array<{ id: number }>;
    items = Array.isArray(body) ? body.length : 0;
    complete = Array.isArray(body) && items === expected && body.every((s, i) => i === 0 || s.id > body[i - 1].id);
  } catch (err) {
    error = `not valid JSON: ${String(err).slice(0, 200)}`;
  }
  return { status, seconds, bytes, items, complete, firstByteMs, rssBefore, rssPeak: mem.peak, error };
}
