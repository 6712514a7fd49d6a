import client from 'prom-client';

/** Prometheus metrics of one process: request counts and latency per route, plus Node defaults. */
export class Metrics {
  readonly registry = new client.Registry();
  readonly requests = new client.Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by route, method and status',
    labelNames: ['route', 'method', 'status'],
    registers: [this.registry],
  });
  readonly latency = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by route and method',
    labelNames: ['route', 'method'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });
  readonly rateLimited = new client.Counter({
    name: 'rate_limited_total',
    help: 'Requests refused with 429, by policy',
    labelNames: ['policy'],
    registers: [this.registry],
  });

  constructor() {
    client.collectDefaultMetrics({ register: this.registry });
  }

  observe(route: string, method: string, status: number, seconds: number): void {
    this.requests.inc({ route, method, status: String(status) });
    this.latency.observe({ route, method }, seconds);
  }
}
