// @econdata/core/testing: fakes and internals for tests (never for app code): a scripted transport,
// a settable quota clock, and the functions behind the cache key and the retry wait.
export * from './fake-transport.ts';
export { FakeClock } from '../quota/fake-clock.ts';
export { cacheKey, requestKey } from '../cache/store.ts';
export { backoffMs, retryAfterMs } from '../net/retry.ts';
export { indicatorFixture, stockFixture, tradeFixture, type FixtureProvenance, type IndicatorFixture, type Ohlcv, type StockFixture, type TradeFixture } from './series-fixtures.ts';
