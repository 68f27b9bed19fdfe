/**
 * Child of core-hostile.test.ts: asks a hostile server for one answer with the default client
 * options and reports how the call ended, with the process's peak memory.
 * Usage: node --import tsx huge-answer-child.ts <baseURL>
 */
import { EconDataClient } from '@econdata/core';
import { reportPeak } from './peak-rss.ts';

const client = new EconDataClient({ baseURL: process.argv[2]!, apiKey: 'sk-hostile-test', maxRetries: 0, timeoutMs: 120_000 });
const outcome = await client.listSources().then(
  () => ({ code: 'resolved', message: '' }),
  (e: unknown) => ({ code: String((e as { code?: unknown }).code), message: String((e as Error).message), name: (e as Error).name }),
);
reportPeak(outcome);
