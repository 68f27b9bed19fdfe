// @econdata/core/testing: fakes for tests (never for app code): a scripted transport, a settable
// quota clock, and the Series fixture builder (through core's own mapping).
export { envelope, FakeTransport, json } from './fake-transport.ts';
export { FakeClock } from '../quota/fake-clock.ts';
export { indicatorFixture, stockFixture, tradeFixture, type Ohlcv } from './series-fixtures.ts';
