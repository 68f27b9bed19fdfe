import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../src/http/rate-limit.ts';

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => { t += ms; } };
}

describe('rolling-window rate limiter', () => {
  it('admits 10 Free requests in a minute and refuses the 11th, with the wait until the oldest leaves the window', () => {
    const c = clock();
    const limiter = new RateLimiter(1, c.now);
    for (let i = 0; i < 10; i++) {
      expect(limiter.take('k', 'free').admitted).toBe(true);
      c.advance(1000);
    }
    const refused = limiter.take('k', 'free');
    expect(refused).toEqual({
      admitted: false, scope: 'minute', retryAfterMs: 50_000,
      headers: { 'x-ratelimit-limit-minute': '10', 'x-ratelimit-remaining-minute': '0', 'x-ratelimit-limit-day': '100', 'x-ratelimit-remaining-day': '90' },
    });
    c.advance(49_999);
    expect(limiter.take('k', 'free').admitted).toBe(false);
    c.advance(1);
    expect(limiter.take('k', 'free').admitted).toBe(true);
  });

  it('counts rolling, not fixed, windows: a burst across a minute boundary is still refused', () => {
    const c = clock(59_000);
    const limiter = new RateLimiter(1, c.now);
    for (let i = 0; i < 10; i++) limiter.take('k', 'free');
    c.advance(2000); // a fixed-window server would have started a new minute here
    expect(limiter.take('k', 'free').admitted).toBe(false);
  });

  it('refused requests do not count', () => {
    const c = clock();
    const limiter = new RateLimiter(1, c.now);
    for (let i = 0; i < 10; i++) limiter.take('k', 'free');
    for (let i = 0; i < 50; i++) expect(limiter.take('k', 'free').admitted).toBe(false);
    c.advance(60_000);
    const next = limiter.take('k', 'free');
    expect(next.admitted).toBe(true);
    expect(next.headers['x-ratelimit-remaining-day']).toBe('89');
  });

  it('refuses the 101st Free request of a day with scope day', () => {
    const c = clock();
    const limiter = new RateLimiter(1, c.now);
    for (let i = 0; i < 100; i++) {
      expect(limiter.take('k', 'free').admitted).toBe(true);
      c.advance(60_000);
    }
    const refused = limiter.take('k', 'free');
    expect(refused.admitted).toBe(false);
    if (refused.admitted) return;
    expect(refused.scope).toBe('day');
    expect(refused.retryAfterMs).toBe(86_400_000 - 100 * 60_000);
  });

  it('keeps keys apart and applies each plan\'s limits', () => {
    const c = clock();
    const limiter = new RateLimiter(1, c.now);
    for (let i = 0; i < 10; i++) limiter.take('a', 'free');
    expect(limiter.take('a', 'free').admitted).toBe(false);
    expect(limiter.take('b', 'free').admitted).toBe(true);
    for (let i = 0; i < 59; i++) limiter.take('c', 'basic');
    expect(limiter.take('c', 'basic').headers['x-ratelimit-remaining-minute']).toBe('0');
    expect(limiter.take('c', 'basic').admitted).toBe(false);
    expect(limiter.take('p', 'pro').headers['x-ratelimit-limit-minute']).toBe('300');
  });

  it('never limits Enterprise and sends it no headers', () => {
    const limiter = new RateLimiter(1, clock().now);
    for (let i = 0; i < 20_000; i++) expect(limiter.take('e', 'enterprise')).toEqual({ admitted: true, headers: {} });
  });

  it('divides the windows by the time scale (60: a minute lasts one second)', () => {
    const c = clock();
    const limiter = new RateLimiter(60, c.now);
    for (let i = 0; i < 10; i++) limiter.take('k', 'free');
    const refused = limiter.take('k', 'free');
    expect(refused.admitted === false && refused.retryAfterMs).toBe(1000);
    c.advance(1000);
    expect(limiter.take('k', 'free').admitted).toBe(true);
  });

  it('forgets every window on reset', () => {
    const limiter = new RateLimiter(1, clock().now);
    for (let i = 0; i < 10; i++) limiter.take('k', 'free');
    limiter.reset();
    expect(limiter.take('k', 'free').admitted).toBe(true);
  });
});
