/**
 * Injected faults for the client's reliability tests, on /api/v1 routes only:
 * `--faults "500:0.1,reset:0.05,delay=3000:0.1,truncate:0.05,html502:0.05"`.
 * One draw of a seeded PRNG per request picks at most one fault (the probabilities add up), so
 * the same seed and the same request order give the same faults.
 */
import { mulberry32 } from '../random.ts';

type Fault =
  | { kind: 'status'; status: number } // an error status with the JSON error body (500-599, or 429)
  | { kind: 'reset' } // the connection is destroyed without an answer
  | { kind: 'delay'; ms: number } // the answer comes after ms milliseconds
  | { kind: 'truncate' } // a valid status, the body cut halfway (Content-Length matches the cut body)
  | { kind: 'html502' }; // a proxy's HTML 502 page

export interface FaultRule {
  fault: Fault;
  probability: number;
  /** The spec item, e.g. `delay=3000` (the stats count faults by it). */
  label: string;
}

const FAULTS_FORM = '"<fault>:<probability>,..." with fault 500 (any 5xx, or 429), reset, delay=<ms>, truncate or html502, and probabilities 0-1 adding up to at most 1, e.g. "500:0.1,reset:0.05,delay=3000:0.1"';

/** Parses a faults spec; throws an Error naming the bad item and the accepted form. */
export function parseFaults(spec: string): FaultRule[] {
  const trimmed = spec.trim();
  if (trimmed === '' || trimmed === 'off' || trimmed === 'none') return [];
  let total = 0;
  const rules = trimmed.split(',').map((raw) => {
    const item = raw.trim();
    const m = /^([a-z0-9]+)(?:=(\d+))?:(\d*\.?\d+)$/i.exec(item);
    const probability = Number(m?.[3]);
    if (!m || !(probability >= 0 && probability <= 1)) throw new Error(`bad fault "${item}": expected ${FAULTS_FORM}`);
    const name = m[1]!.toLowerCase();
    const label = item.slice(0, item.lastIndexOf(':'));
    total += probability;
    if (name === 'delay' && m[2] !== undefined) return { fault: { kind: 'delay', ms: Number(m[2]) }, probability, label } as FaultRule;
    if (m[2] !== undefined) throw new Error(`bad fault "${item}": only delay takes "=<ms>"; expected ${FAULTS_FORM}`);
    if (name === 'reset' || name === 'truncate' || name === 'html502') return { fault: { kind: name }, probability, label } as FaultRule;
    const status = Number(name);
    if (/^\d{3}$/.test(name) && ((status >= 500 && status <= 599) || status === 429)) {
      return { fault: { kind: 'status', status }, probability, label } as FaultRule;
    }
    throw new Error(`bad fault "${item}": expected ${FAULTS_FORM}`);
  });
  if (total > 1 + 1e-9) throw new Error(`the fault probabilities add up to ${Number(total.toFixed(6))}, more than 1: expected ${FAULTS_FORM}`);
  return rules;
}

export class FaultInjector {
  private next: () => number;

  constructor(readonly rules: readonly FaultRule[], private readonly seed: number) {
    this.next = mulberry32(seed);
  }

  /** The fault for the next request, if any. */
  draw(): FaultRule | undefined {
    if (this.rules.length === 0) return undefined;
    let r = this.next();
    for (const rule of this.rules) {
      if (r < rule.probability) return rule;
      r -= rule.probability;
    }
    return undefined;
  }

  /** Starts the sequence again from the seed (POST /_sandbox/reset). */
  reset(): void {
    this.next = mulberry32(this.seed);
  }
}

/** The page a proxy such as nginx sends when the service behind it does not answer. */
export const PROXY_502_PAGE = `<html>
<head><title>502 Bad Gateway</title></head>
<body>
<center><h1>502 Bad Gateway</h1></center>
<hr><center>nginx</center>
</body>
</html>
`;
