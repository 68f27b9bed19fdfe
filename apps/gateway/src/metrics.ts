/** The gateway's Prometheus metrics (prom-client), one registry per instance. Labels hold analysts' names, never a token or key. */
import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';

export class GatewayMetrics {
  readonly registry = new Registry();
  readonly requests = new Counter({ name: 'econgw_requests_total', help: 'Requests answered, by analyst, route and status', labelNames: ['analyst', 'route', 'status'] as const, registers: [this.registry] });
  readonly cacheHits = new Counter({ name: 'econgw_cache_hits_total', help: 'Answers (or parts of batch answers) served from the shared cache without the service', labelNames: ['route'] as const, registers: [this.registry] });
  readonly upstream = new Counter({ name: 'econgw_upstream_requests_total', help: 'Requests this instance sent to the service', registers: [this.registry] });
  readonly refusals = new Counter({ name: 'econgw_refusals_total', help: 'Requests refused by the gateway, by reason', labelNames: ['reason'] as const, registers: [this.registry] });
  readonly stale = new Counter({ name: 'econgw_stale_answers_total', help: 'Answers served from an expired cache entry because the service failed', registers: [this.registry] });
  readonly queue = new Gauge({ name: 'econgw_queue_length', help: 'Requests waiting for their fair turn at the team quota on this instance', registers: [this.registry] });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'econgw_' });
  }
}
