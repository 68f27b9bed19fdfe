/**
 * Request counters for GET /_sandbox/stats: tests and benchmarks count requests with them.
 * Every /api/v1 request is `received`, then ends as exactly one of: `answered` (any response of
 * the service, 2xx, 400 or 404 alike), `refused` (401, 403, or the rate limit: `rate_limited`
 * counts those), or `faulted` (an injected fault that replaced the answer: status, reset,
 * truncate, html502; a delay still ends answered or refused).
 */

export interface KeyStats {
  received: number;
  answered: number;
  refused: number;
  rate_limited: number;
  faulted: number;
}

export interface SandboxStats extends KeyStats {
  /** Per key, by its last four characters; `(none)` without a key, `(unknown)` for keys not known. */
  by_key: Record<string, KeyStats>;
  /** Injected faults by their spec item (`500`, `reset`, `delay=3000`, ...). */
  faults: Record<string, number>;
}

export type Outcome = 'answered' | 'refused' | 'rate_limited' | 'faulted';

const empty = (): KeyStats => ({ received: 0, answered: 0, refused: 0, rate_limited: 0, faulted: 0 });

export class StatsCounter {
  private total = empty();
  private byKey = new Map<string, KeyStats>();
  private faults = new Map<string, number>();

  received(label: string): void {
    this.total.received++;
    this.key(label).received++;
  }

  outcome(label: string, outcome: Outcome): void {
    const key = this.key(label);
    if (outcome === 'rate_limited') {
      this.total.refused++;
      key.refused++;
    }
    this.total[outcome]++;
    key[outcome]++;
  }

  fault(label: string): void {
    this.faults.set(label, (this.faults.get(label) ?? 0) + 1);
  }

  snapshot(): SandboxStats {
    return {
      ...this.total,
      by_key: Object.fromEntries([...this.byKey].map(([k, v]) => [k, { ...v }])),
      faults: Object.fromEntries(this.faults),
    };
  }

  reset(): void {
    this.total = empty();
    this.byKey.clear();
    this.faults.clear();
  }

  private key(label: string): KeyStats {
    let s = this.byKey.get(label);
    if (!s) this.byKey.set(label, (s = empty()));
    return s;
  }
}

export const statsSchema = {
  $id: 'SandboxStats',
  type: 'object',
  description: 'Request counters since start or the last POST /_sandbox/reset. received = answered + refused + faulted + requests in flight.',
  properties: {
    received: { type: 'integer', description: 'Every /api/v1 request.' },
    answered: { type: 'integer', description: 'Requests the service answered (2xx, 400, 404 alike).' },
    refused: { type: 'integer', description: 'Requests refused with 401, 403 or for the rate limit.' },
    rate_limited: { type: 'integer', description: 'The refused requests that the rate limit refused.' },
    faulted: { type: 'integer', description: 'Requests whose answer an injected fault replaced.' },
    by_key: {
      type: 'object',
      description: 'The same counters per key, by the key\'s last four characters; "(none)" without a key, "(unknown)" for unknown keys.',
      additionalProperties: {
        type: 'object',
        properties: {
          received: { type: 'integer' }, answered: { type: 'integer' }, refused: { type: 'integer' },
          rate_limited: { type: 'integer' }, faulted: { type: 'integer' },
        },
      },
    },
    faults: { type: 'object', description: 'Injected faults by kind (500, reset, delay=3000, truncate, html502).', additionalProperties: { type: 'integer' } },
  },
} as const;
