/** @econdata/ui/testing: a fake EconDataApi and sample data for galleries and tests. */
export { createFakeEconDataApi, sampleSeries, type FakeApiOptions, type FakeEconDataApi, type FakeMethod } from './fake-api.ts';
export { sampleQuota, SAMPLE_COUNTRIES, SAMPLE_GDP, SAMPLE_INDICATORS, SAMPLE_SOURCES, type SampleQuotaOptions } from './sample-data.ts';
