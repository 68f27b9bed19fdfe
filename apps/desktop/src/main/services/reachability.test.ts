/**
 * Main's check of the service, with core's FakeClock and a fake probe: it checks while a window
 * listens (and only then), every 30 s, at once when asked or when the profile changes, and a window
 * that starts listening learns the last outcome at once.
 */
import { describe, expect, it } from 'vitest';
import { FakeClock } from '@econdata/core/testing';
import type { ProbeOutcome } from '@econdata/ui/reachability';
import type { BridgeEvent } from '../../shared/bridge.ts';
import { ReachabilityService } from './reachability.ts';

const DOWN: ProbeOutcome = { answered: false, who: 'service', message: 'The service at http://127.0.0.1:8787 did not answer (ECONNREFUSED).' };

function setup(hasURL = true) {
  const clock = new FakeClock(Date.parse('2026-11-25T14:00:00Z'));
  const events: BridgeEvent[] = [];
  const asked: string[] = [];
  const state = { answer: { answered: true } as ProbeOutcome, url: hasURL ? 'http://127.0.0.1:8787' : undefined as string | undefined };
  const service = new ReachabilityService({
    serviceURL: () => Promise.resolve(state.url),
    emit: (e) => events.push(e),
    timers: clock,
    probe: (u) => { asked.push(`${new Date(clock.now()).toISOString().slice(11, 19)} ${u}`); return Promise.resolve(state.answer); },
  });
  const outcomes = (): string[] => events.map((e) => (e.type === 'reachability' ? (e.outcome.answered ? 'answered' : 'not answered') : e.type));
  return { clock, events, asked, state, service, outcomes };
}

describe('ReachabilityService', () => {
  it('checks at start and every 30 s, 5 s after no answer, and pushes each outcome', async () => {
    const { clock, asked, state, service, outcomes } = setup();
    service.start();
    await clock.flush();
    state.answer = DOWN;
    await clock.advance(30_000);
    state.answer = { answered: true };
    await clock.advance(5_000);
    expect(asked).toEqual(['14:00:00 http://127.0.0.1:8787', '14:00:30 http://127.0.0.1:8787', '14:00:35 http://127.0.0.1:8787']);
    expect(outcomes()).toEqual(['answered', 'not answered', 'answered']);
    expect(service.last()).toEqual({ answered: true });
    service.stop();
    await clock.advance(600_000);
    expect([asked.length, clock.pendingTimers]).toEqual([3, 0]);
  });

  it('checks at once when asked, and the next tick is counted from there (5 s after no answer, 30 s after an answer)', async () => {
    const { clock, asked, state, service, events } = setup();
    service.start();
    await clock.advance(12_000);
    state.answer = DOWN;
    expect(await service.check()).toEqual(DOWN);
    expect(events.at(-1)).toEqual({ type: 'reachability', outcome: DOWN });
    await clock.advance(4_000);
    expect(asked).toHaveLength(2);
    state.answer = { answered: true };
    await clock.advance(1_000);
    await clock.advance(30_000);
    expect(asked.map((a) => a.slice(0, 8))).toEqual(['14:00:00', '14:00:12', '14:00:17', '14:00:47']);
    service.stop();
  });

  it('checks nothing before the session has an address, and pushes nothing when not started', async () => {
    const { clock, asked, state, service, events } = setup(false);
    service.start();
    await clock.advance(30_000);
    expect([asked, events]).toEqual([[], []]);
    service.stop();
    state.url = 'http://127.0.0.1:9999';
    expect(await service.check()).toEqual({ answered: true }); // asked directly: answered, not pushed
    expect([asked, events]).toEqual([['14:00:30 http://127.0.0.1:9999'], []]);
  });
});
