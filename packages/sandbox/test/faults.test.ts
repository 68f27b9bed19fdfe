import { describe, expect, it } from 'vitest';
import { FaultInjector, parseFaults } from '../src/http/faults.ts';

describe('fault spec', () => {
  it('reads every kind', () => {
    expect(parseFaults('500:0.1,reset:0.05,delay=3000:0.1,truncate:0.05,html502:0.05,503:0.01,429:0.02')).toEqual([
      { fault: { kind: 'status', status: 500 }, probability: 0.1, label: '500' },
      { fault: { kind: 'reset' }, probability: 0.05, label: 'reset' },
      { fault: { kind: 'delay', ms: 3000 }, probability: 0.1, label: 'delay=3000' },
      { fault: { kind: 'truncate' }, probability: 0.05, label: 'truncate' },
      { fault: { kind: 'html502' }, probability: 0.05, label: 'html502' },
      { fault: { kind: 'status', status: 503 }, probability: 0.01, label: '503' },
      { fault: { kind: 'status', status: 429 }, probability: 0.02, label: '429' },
    ]);
    expect(parseFaults('')).toEqual([]);
    expect(parseFaults('off')).toEqual([]);
  });

  it('names the bad item and the accepted form', () => {
    expect(() => parseFaults('500:2')).toThrow(/^bad fault "500:2": expected "<fault>:<probability>,\.\.\."/);
    expect(() => parseFaults('boom:0.1')).toThrow('bad fault "boom:0.1"');
    expect(() => parseFaults('404:0.1')).toThrow('bad fault "404:0.1"');
    expect(() => parseFaults('reset=5:0.1')).toThrow('only delay takes "=<ms>"');
    expect(() => parseFaults('delay:0.1')).toThrow('bad fault "delay:0.1"');
    expect(() => parseFaults('500:0.6,reset:0.6')).toThrow('the fault probabilities add up to 1.2, more than 1');
  });
});

describe('fault injector', () => {
  it('draws the same sequence for the same seed, and again after reset', () => {
    const rules = parseFaults('500:0.2,reset:0.2,truncate:0.2');
    const sequence = (inj: FaultInjector) => Array.from({ length: 50 }, () => inj.draw()?.label ?? '-').join(' ');
    const a = new FaultInjector(rules, 42);
    const first = sequence(a);
    expect(sequence(new FaultInjector(rules, 42))).toBe(first);
    expect(sequence(new FaultInjector(rules, 43))).not.toBe(first);
    a.reset();
    expect(sequence(a)).toBe(first);
  });

  it('draws each fault about as often as its probability says', () => {
    const inj = new FaultInjector(parseFaults('500:0.1,html502:0.3'), 7);
    const counts: Record<string, number> = {};
    for (let i = 0; i < 10_000; i++) {
      const label = inj.draw()?.label ?? 'none';
      counts[label] = (counts[label] ?? 0) + 1;
    }
    expect(counts['500']! / 10_000).toBeCloseTo(0.1, 1);
    expect(counts['html502']! / 10_000).toBeCloseTo(0.3, 1);
    expect(counts['none']! / 10_000).toBeCloseTo(0.6, 1);
  });

  it('draws nothing without rules', () => {
    expect(new FaultInjector([], 1).draw()).toBeUndefined();
  });
});
