/** @econdata/ui/testing: a fake EconDataApi and sample data for galleries and tests. */
export { createFakeEconDataApi, sampleSeries, type FakeEconDataApi } from './fake-api.ts';
export { sampleQuota } from './sample-data.ts';
