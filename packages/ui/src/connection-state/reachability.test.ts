/**
 * The reachability watch on a fake clock with a fake probe: when it checks, what the connection
 * watch then says (exact transitions, "since" kept), and that a check sends nothing secret.
 */
import { describe, expect, it } from 'vitest';
import { FakeClock } from '@econdata/core/testing';
import { createConnectionWatch, type ConnectionState } from './connection-watch.ts';
import { probeService, probeURL, watchReachability, type ProbeOutcome } from './reachability.ts';

const settle = (): Promise<void> => new FakeClock().flush();

const DOWN: ProbeOutcome = { answered: false, who: 'service', message: 'The service at http://127.0.0.1:8787 did not answer (ECONNREFUSED).' };
const UP: ProbeOutcome = { answered: true };

/** A probe whose answer the test sets, counting its calls. */
function fakeProbe(): { probe(): Promise<ProbeOutcome>; answer: ProbeOutcome; calls: number } {
  const fake = { answer: UP, calls: 0, probe: (): Promise<ProbeOutcome> => { fake.calls++; return Promise.resolve(fake.answer); } };
  return fake;
}

const brief = (s: ConnectionState): string => (s.status === 'not_answering' ? `not_answering since ${s.at.toISOString().slice(11, 16)}${s.checked ? ' (checked)' : ''}` : s.status === 'answering' ? `answering at ${s.at.toISOString().slice(11, 16)}` : s.status);

describe('watchReachability', () => {
  it('checks at once, then every 30 s while answered, every 5 s while not (issue 28): a stop is noticed at the next check, the return within 5 s', async () => {
    const clock = new FakeClock(Date.parse('2026-11-25T14:00:00Z'));
    const connection = createConnectionWatch({ now: () => new Date(clock.now()), checked: true });
    const seen: string[] = [];
    connection.subscribe((s) => seen.push(brief(s)));
    const fake = fakeProbe();
    const watch = watchReachability({ probe: fake.probe, report: (o) => connection.report(o), timers: clock });
    await settle();
    expect([fake.calls, seen]).toEqual([1, ['answering at 14:00']]);
    await clock.advance(29_999);
    expect(fake.calls).toBe(1);
    fake.answer = DOWN;
    await clock.advance(1); // 14:00:30
    expect([fake.calls, seen]).toEqual([2, ['answering at 14:00', 'not_answering since 14:00 (checked)']]);
    // Still down two minutes later, checked every 5 s: no new transition, and "since" stays the first time seen.
    await clock.advance(120_000);
    expect(fake.calls).toBe(2 + 24);
    expect(seen).toHaveLength(2);
    expect(connection.state()).toEqual({ status: 'not_answering', who: 'service', at: new Date('2026-11-25T14:00:30Z'), message: DOWN.message, checked: true });
    fake.answer = UP;
    await clock.advance(5_000); // 14:02:35
    expect(seen).toEqual(['answering at 14:00', 'not_answering since 14:00 (checked)', 'answering at 14:02']);
    // Answered again: back to every 30 s.
    await clock.advance(29_999);
    expect(fake.calls).toBe(27);
    await clock.advance(1);
    expect(fake.calls).toBe(28);
    watch.stop();
    await clock.advance(300_000);
    expect([fake.calls, clock.pendingTimers]).toEqual([28, 0]);
  });

  it('checks at once when asked (the OS went offline, a request reached no one), and counts the next check from there', async () => {
    const clock = new FakeClock(Date.parse('2026-11-25T14:00:00Z'));
    const connection = createConnectionWatch({ now: () => new Date(clock.now()), checked: true });
    const fake = fakeProbe();
    const watch = watchReachability({ probe: fake.probe, report: (o) => connection.report(o), timers: clock });
    await settle();
    await clock.advance(10_000);
    fake.answer = DOWN;
    expect(await watch.check()).toEqual(DOWN);
    await settle();
    expect([fake.calls, brief(connection.state())]).toEqual([2, 'not_answering since 14:00 (checked)']);
    expect((connection.state() as { at: Date }).at).toEqual(new Date('2026-11-25T14:00:10Z'));
    await clock.advance(4_999);
    expect(fake.calls).toBe(2);
    await clock.advance(1);
    expect(fake.calls).toBe(3);
    watch.stop();
  });

  it('never runs two checks at once: a check asked during one shares its outcome', async () => {
    const clock = new FakeClock(Date.parse('2026-11-25T14:00:00Z'));
    let release: (o: ProbeOutcome) => void = () => undefined;
    let calls = 0;
    const probe = (): Promise<ProbeOutcome> => { calls++; return new Promise((r) => { release = r; }); };
    const outcomes: ProbeOutcome[] = [];
    const watch = watchReachability({ probe, report: (o) => outcomes.push(o), timers: clock });
    const again = watch.check();
    release(DOWN);
    expect(await again).toEqual(DOWN);
    expect([calls, outcomes]).toEqual([1, [DOWN]]);
    watch.stop();
  });

  it('reports a probe that throws as no answer, and nothing after stop', async () => {
    const clock = new FakeClock(Date.parse('2026-11-25T14:00:00Z'));
    const outcomes: ProbeOutcome[] = [];
    const watch = watchReachability({ probe: () => Promise.reject(new Error('socket hang up')), report: (o) => outcomes.push(o), timers: clock });
    await settle();
    expect(outcomes).toEqual([{ answered: false, who: 'service', message: 'socket hang up' }]);
    watch.stop();
    await watch.check();
    expect(outcomes).toHaveLength(1);
  });
});

describe('probeService', () => {
  it('asks the list of sources with no key, no cookie and no header of ours; any answer is an answer', async () => {
    const asked: Array<{ url: string; init: RequestInit | undefined }> = [];
    const fetch401 = ((url: string, init?: RequestInit) => { asked.push({ url, init }); return Promise.resolve(new Response('{"error":"Authentication required"}', { status: 401 })); }) as typeof fetch;
    expect(await probeService('http://127.0.0.1:8787/api/v1/', { fetch: fetch401 })).toEqual({ answered: true });
    expect(asked.map((a) => a.url)).toEqual(['http://127.0.0.1:8787/api/v1/sources']);
    const init = asked[0]!.init!;
    expect([init.headers, init.credentials, init.redirect, init.method]).toEqual([undefined, 'omit', 'manual', 'GET']);
    expect(probeURL('https://api.example.com')).toBe('https://api.example.com/api/v1/sources');
  });

  it('asks the documentation page for a page (target docs): no key needed, so no 401 for a browser to log as an error (issue 28)', async () => {
    const asked: string[] = [];
    const fetch200 = ((url: string) => { asked.push(url); return Promise.resolve(new Response('<html></html>', { status: 200 })); }) as typeof fetch;
    expect(await probeService('http://127.0.0.1:8787/api/v1', { fetch: fetch200, target: 'docs', init: { mode: 'no-cors' } })).toEqual({ answered: true });
    expect(asked).toEqual(['http://127.0.0.1:8787/api/docs']);
    expect(probeURL('https://api.example.com/', 'docs')).toBe('https://api.example.com/api/docs');
  });

  it('says why there was no answer: refused, or no answer in time', async () => {
    const refused = (() => Promise.reject(Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } }))) as typeof fetch;
    expect(await probeService('http://127.0.0.1:8787', { fetch: refused })).toEqual({ answered: false, who: 'service', message: 'The service at http://127.0.0.1:8787 did not answer (ECONNREFUSED).' });
    const silent = ((_: string, init?: RequestInit) => new Promise<Response>((_r, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))))) as typeof fetch;
    expect(await probeService('http://10.0.0.1', { fetch: silent, timeoutMs: 20 })).toEqual({ answered: false, who: 'service', message: 'The service at http://10.0.0.1 did not answer (no answer in 20 ms).' });
  });
});
