import { describe, expect, it } from 'vitest';
import { InvalidParameterError } from '../errors/errors.ts';
import { QuotaLedger } from './ledger.ts';

describe('bad ledger options: the same rule as the client', () => {
  it.each([
    [{ plan: 'gold' as 'free' }, 'plan'],
    [{ plan: { perMinute: 0, perDay: 5 } }, 'plan'],
    [{ plan: 'free' as const, safetyMargin: 10 }, 'safetyMargin'],
    [{ plan: 'free' as const, concurrency: 0 }, 'concurrency'],
    [{ plan: 'free' as const, leaseMs: 1.5 }, 'leaseMs'],
    [{ plan: 'free' as const, timeScale: -1 }, 'timeScale'],
    [{ plan: 'free' as const, keyId: '../etc' }, 'keyId'],
  ])('%o throws InvalidParameterError naming %s', (options, parameter) => {
    const error = (() => {
      try {
        new QuotaLedger(options);
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(InvalidParameterError);
    expect(error).toMatchObject({ name: 'InvalidParameterError', code: 'invalid_parameter', parameter });
  });

  it('estimate refuses a count that is not a whole number', async () => {
    await expect(new QuotaLedger({ plan: 'free' }).estimate(1.5)).rejects.toMatchObject({ code: 'invalid_parameter', parameter: 'requests' });
  });
});
