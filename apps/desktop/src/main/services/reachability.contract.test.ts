/**
 * Main's check of the service against a real sandbox that is closed and reopened on the same port:
 * what `connection.check` answers and the events a listening window gets, and that the checks went
 * with no key (the sandbox counts them under "(none)", refused) and spent none of the quota.
 */
import { describe, expect, it } from 'vitest';
import { startSandbox } from '@econdata/sandbox';
import { realDataDir } from '../../../../../test/support/paths.ts';
import { useMain } from '../../../test/support/harness.ts';
import type { ProbeOutcome } from '@econdata/ui/reachability';

const KEY = 'contract-key-0001-reach';

describe('connection.check against a real sandbox', () => {
  const main = useMain();

  it('says answering, then not answering once the sandbox is closed, then answering once it is back', async () => {
    let sandbox = await startSandbox({ port: 0, ...(realDataDir ? { dataDir: realDataDir } : {}), keys: [{ key: KEY, plan: 'basic' }] });
    const port = Number(new URL(sandbox.url).port);
    try {
      const { services, events } = await main.make();
      await services.handlers['profiles.create']({ name: 'local', baseURL: sandbox.url, plan: 'basic', key: KEY });
      const before = sandbox.stats().by_key;
      expect(await services.dispatch('connection.check', {})).toEqual({ ok: true, value: { answered: true } });

      await sandbox.close();
      expect(await services.dispatch('connection.check', {})).toEqual({
        ok: true, value: { answered: false, who: 'service', message: `The service at ${sandbox.url} did not answer (ECONNREFUSED).` },
      });

      sandbox = await startSandbox({ port, ...(realDataDir ? { dataDir: realDataDir } : {}), keys: [{ key: KEY, plan: 'basic' }] });
      expect(await services.dispatch('connection.check', {})).toEqual({ ok: true, value: { answered: true } });
      // The reopened sandbox saw the last check: no key, refused, and the profile's key untouched.
      expect(sandbox.stats().by_key).toEqual({ '(none)': { received: 1, answered: 0, refused: 1, rate_limited: 0, faulted: 0 } });
      // Before: the key check of profiles.create (with the key), and the check the profile change asked for (without).
      expect(before).toEqual({ each: { received: 1, answered: 1, refused: 0, rate_limited: 0, faulted: 0 }, '(none)': { received: 1, answered: 0, refused: 1, rate_limited: 0, faulted: 0 } });
      // The listening window got each outcome, in order (the profile change's own check first).
      const seen = events.filter((e) => e.type === 'reachability').map((e) => (e.type === 'reachability' && e.outcome.answered ? 'answered' : 'not answered'));
      expect(seen.slice(-3)).toEqual(['answered', 'not answered', 'answered']);
      const quota = await services.handlers['quota.status']({});
      expect(quota?.day.used).toBe(0); // no check counted in the profile's quota
    } finally {
      await sandbox.close();
    }
  });

  it('a request that reaches no one makes main check at once: the window hears "not answered" without waiting for the next tick (issue 28)', async () => {
    const sandbox = await startSandbox({ port: 0, ...(realDataDir ? { dataDir: realDataDir } : {}), keys: [{ key: KEY, plan: 'basic' }] });
    const { services, events } = await main.make();
    await services.handlers['profiles.create']({ name: 'local', baseURL: sandbox.url, plan: 'basic', key: KEY });
    await expect.poll(() => events.filter((e) => e.type === 'reachability').length).toBeGreaterThan(0);
    const heard = (): ProbeOutcome[] => events.flatMap((e) => (e.type === 'reachability' ? [e.outcome] : []));
    expect(heard().at(-1)).toEqual({ answered: true });
    await sandbox.close();
    const result = await services.dispatch('series.fetch', { queries: [{ kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2001, end_year: 2002 }] });
    expect(result.ok).toBe(true);
    // The check the failed request asked for: refused at once, long before the 30-second tick.
    await expect.poll(() => heard().at(-1), { timeout: 5_000 }).toEqual({ answered: false, who: 'service', message: `The service at ${sandbox.url} did not answer (ECONNREFUSED).` });
  });
});
