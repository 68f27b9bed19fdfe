/**
 * The taskpane's decisions outside React: when a job's cost is asked about first, how the service
 * is named, how Excel's and the service's errors read, and the client as the UI's data port. (The
 * panels themselves are tested end to end in Chromium: test/e2e/addin-taskpane.test.ts.)
 */
import { EconDataClient, EconError } from '@econdata/core';
import { describe, expect, it } from 'vitest';
import { useSandboxes } from '../../../../test/support/sandboxes.ts';
import { RichApiError } from '../../dev/standin/standin-excel.ts';
import { BlockOverwriteError } from '../office/insert.ts';
import { RefreshError } from '../office/refresh.ts';
import type { RuntimeStatus } from '../runtime/index.ts';
import { clientApi } from './client-api.ts';
import { errorSentence } from './messages.ts';
import { serviceText } from './use-runtime.ts';

const status = (patch: Partial<RuntimeStatus>): RuntimeStatus => ({
  connected: true, baseURL: 'http://127.0.0.1:8787', plan: 'free', planSource: 'service', service: 'sandbox', demoData: false, lastTest: null, keyStorage: 'localStorage', problem: null, ...patch,
});

describe('serviceText', () => {
  it('says plainly which service: the sandbox in development (and what data it serves), or the real one', () => {
    expect(serviceText(status({ connected: false, baseURL: null }))).toBe('Connect to the Economic Data Service (or, in development, the local sandbox) with the form below.');
    expect(serviceText(status({}))).toBe('Development: the local sandbox at http://127.0.0.1:8787 (real public data), free plan (as the service states).');
    expect(serviceText(status({ demoData: true }))).toBe('Development: the local sandbox at http://127.0.0.1:8787 (generated demo data, not real numbers), free plan (as the service states).');
    expect(serviceText(status({ service: 'real', baseURL: 'https://api.econdata.example', plan: 'pro' }))).toBe('The Economic Data Service at https://api.econdata.example, pro plan (as the service states).');
    expect(serviceText(status({ plan: 'enterprise', planSource: 'user' }))).toBe('Development: the local sandbox at http://127.0.0.1:8787 (real public data), enterprise plan (as you chose).');
    expect(serviceText(status({ planSource: null }))).toBe('Development: the local sandbox at http://127.0.0.1:8787 (real public data), free plan assumed (the service has not said).');
  });
});

describe('errorSentence', () => {
  it("tells Excel's refusals in worksheet words and what to do", () => {
    expect(errorSentence(new RichApiError('RequestPayloadSizeLimitExceeded', 'InvalidOperation: a table cannot overlap another table (EconData_1 at Sheet1!B19:C28)'))).toBe(
      'Excel refused the write: InvalidOperation: a table cannot overlap another table (EconData_1 at Sheet1!B19:C28). Select an empty cell with room below and to the right (away from other tables), then insert again.',
    );
    expect(errorSentence(new Error('InvalidArgument: the values are 2x3 but the range Sheet1!A1:B1 is 1x2'))).toBe(
      'Excel refused the write: InvalidArgument: the values are 2x3 but the range Sheet1!A1:B1 is 1x2. Select an empty cell with room below and to the right, then try again.',
    );
  });

  it("passes a failed refresh's own sentence through, and the service's errors through describeError", () => {
    expect(errorSentence(new BlockOverwriteError('The block needs Sheet1!B2:C23 (22 rows x 2 columns), and Sheet1!C11 already holds data. Select an empty cell with that much room below and to the right, then insert again.'))).toBe(
      'The block needs Sheet1!B2:C23 (22 rows x 2 columns), and Sheet1!C11 already holds data. Select an empty cell with that much room below and to the right, then insert again.',
    );
    expect(errorSentence(new RefreshError('Nothing was changed: the old values are still in place. VNM: No data.', []))).toBe('Nothing was changed: the old values are still in place. VNM: No data.');
    expect(errorSentence(new EconError('authentication', 'Invalid API key'))).toBe('The service refused the API key (it is wrong, revoked or expired). Paste a new key in the connection settings and save it.');
    expect(errorSentence(new Error('Nothing to insert: the query returned no observations. Widen the years or dates.'))).toBe('Nothing to insert: the query returned no observations. Widen the years or dates.');
  });
});

describe('clientApi', () => {
  const sandbox = useSandboxes();
  it("serves the UI's data port from the runtime's client against the sandbox", async () => {
    const sb = await sandbox();
    const api = clientApi(new EconDataClient({ baseURL: sb.url, apiKey: 'sandbox-pro' }));
    expect((await api.listSources({})).data.map((s) => s.code)).toEqual(expect.arrayContaining(['WB', 'IMF', 'GSO']));
    const indicators = (await api.listSourceIndicators({ source_code: 'WB', q: 'GDP (current US$)' })).data.map((i) => i.code);
    expect(indicators).toContain('NY.GDP.MKTP.CD');
    expect((await api.listCountries({})).data.some((c) => c.code === 'VN')).toBe(true);
  });
});
