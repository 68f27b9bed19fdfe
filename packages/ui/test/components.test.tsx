// @vitest-environment happy-dom
import './support/no-animations.ts';
import { AuthenticationError, InvalidParameterError, type Estimate } from '@econdata/core';
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConnectionForm, CostPreview, EconDataProvider, EconThemeProvider, ErrorMessage, ProgressPanel, ProvenanceBlock, QuotaMeter, compactText, costWords, queryText } from '../src/index.ts';
import { createFakeEconDataApi, sampleQuota, sampleSeries } from '../src/testing/index.ts';

configure({ asyncUtilTimeout: 10_000 });
afterEach(cleanup);
const Theme = ({ children }: { children: ReactNode }): ReactNode => <EconThemeProvider>{children}</EconThemeProvider>;

describe('QuotaMeter', () => {
  it('full: minute and day left of the limit, reset times, queue', () => {
    render(<QuotaMeter status={sampleQuota('free', { minuteUsed: 3, dayUsed: 8, queued: { interactive: 2, background: 1 } })} timeZone="UTC" />, { wrapper: Theme });
    expect(screen.getByText('Free plan')).toBeTruthy();
    expect(screen.getByText('7 of 10 left this minute')).toBeTruthy();
    expect(screen.getByText('92 of 100 left today')).toBeTruthy();
    expect(screen.getByText('Next slot frees at 14:05 UTC')).toBeTruthy();
    expect(screen.getByText('Next slot frees at 00:00 UTC')).toBeTruthy();
    expect(screen.getByText('3 requests queued (1 in background)')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Today: 92 of 100 left today' }).getAttribute('aria-valuenow')).toBe('0.92');
  });
  it('full: a spent day and an unlimited plan', () => {
    const { unmount } = render(<QuotaMeter status={sampleQuota('free', { minuteUsed: 0, dayUsed: 100 })} timeZone="UTC" />, { wrapper: Theme });
    expect(screen.getByText('Daily limit reached')).toBeTruthy();
    expect(screen.getByText('0 of 100 left today')).toBeTruthy();
    expect(screen.getByText('Room again at 00:00 UTC')).toBeTruthy();
    expect(screen.getByText('Unusable until the daily reset')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'This minute: unusable until the daily reset' }).getAttribute('aria-valuenow')).toBe('0');
    unmount();
    render(<QuotaMeter status={sampleQuota('enterprise', { dayUsed: 5000 })} />, { wrapper: Theme });
    expect(screen.getByText('No request limits on the Enterprise plan.')).toBeTruthy();
    expect(screen.getByText('Unlimited')).toBeTruthy();
  });
  it('compact: one line', () => {
    expect(compactText(sampleQuota('basic', { minuteUsed: 12, dayUsed: 340 }))).toBe('Basic plan: 660 of 1,000 left today, 48 of 60 this minute');
    expect(compactText(sampleQuota('enterprise'))).toBe('Enterprise plan: unlimited');
    expect(compactText(sampleQuota('free', { dayUsed: 100 }))).toBe('Free plan: daily limit reached');
    render(<QuotaMeter variant="compact" status={sampleQuota('pro', { minuteUsed: 1, dayUsed: 10 })} />, { wrapper: Theme });
    expect(screen.getByText('Pro plan: 9,990 of 10,000 left today, 299 of 300 this minute')).toBeTruthy();
  });
  it('live from the provider, and says so when the client tracks no quota', () => {
    const api = createFakeEconDataApi({ quota: sampleQuota('free', { dayUsed: 8 }) });
    render(<EconDataProvider api={api} timeZone="UTC"><QuotaMeter variant="compact" /></EconDataProvider>, { wrapper: Theme });
    expect(screen.getByText('Free plan: 92 of 100 left today, 10 of 10 this minute')).toBeTruthy();
    act(() => api.setQuota(sampleQuota('free', { dayUsed: 9, minuteUsed: 1 })));
    expect(screen.getByText('Free plan: 91 of 100 left today, 9 of 10 this minute')).toBeTruthy();
    cleanup();
    render(<EconDataProvider api={createFakeEconDataApi()}><QuotaMeter /></EconDataProvider>, { wrapper: Theme });
    expect(screen.getByText('Quota: not tracked for this connection')).toBeTruthy();
  });
});

const estimate = (requests: number, remainingToday: number | null, fitsThisMinute = true, estimatedWaitMs = 0): Estimate => ({
  queries: requests, unique: requests, duplicates: 0, invalid: 0, cached: 0, requests, batchRequests: 0, singleRequests: requests, minimumRequests: requests,
  quota: { requests, remainingToday, fitsToday: remainingToday === null || requests <= remainingToday, fitsThisMinute, estimatedWaitMs },
} as Estimate);

describe('CostPreview', () => {
  it('states the cost against what is left and confirms', async () => {
    let confirmed = 0;
    render(<CostPreview estimate={estimate(5, 92)} onConfirm={() => { confirmed++; }} onCancel={() => undefined} />, { wrapper: Theme });
    expect(screen.getByText('This needs 5 requests; 92 left today.')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Fetch' }));
    expect(confirmed).toBe(1);
  });
  it('warns when it does not fit this minute or today', () => {
    expect(costWords(estimate(30, 92, false, 130_000))).toEqual({ summary: 'This needs 30 requests; 92 left today.', warning: 'It does not fit this minute\'s allowance: requests will be spread out, about 3 min in all.', fitsToday: true });
    expect(costWords(estimate(120, 92))).toEqual({ summary: 'This needs 120 requests; 92 left today.', warning: "It does not fit today's allowance: 28 requests too many. Select fewer series, or wait for the daily reset.", fitsToday: false });
    expect(costWords(estimate(7, null)).summary).toBe('This needs 7 requests; no daily limit on your plan.');
    render(<CostPreview estimate={estimate(120, 92)} onConfirm={() => undefined} onCancel={() => undefined} />, { wrapper: Theme });
    expect((screen.getByRole('button', { name: 'Fetch' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('ProgressPanel', () => {
  it('determinate with a hint; Cancel aborts the controller', async () => {
    const controller = new AbortController();
    render(<ProgressPanel label="Writing rows" value={1200} max={4000} unit="rows" controller={controller} />, { wrapper: Theme });
    expect(screen.getByText('1,200 of 4,000 rows (30%)')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('1200');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel' }));
    expect(controller.signal.aborted).toBe(true);
  });
  it('indeterminate without a value', () => {
    render(<ProgressPanel label="Fetching 6 series" />, { wrapper: Theme });
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('ProvenanceBlock', () => {
  it('shows source, dates, the query, and a stale badge', () => {
    const fresh = sampleSeries({ kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2018 }, '2026-11-22T14:03:00.000Z');
    const stale = sampleSeries({ kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'TH' }, '2026-11-20T09:12:00.000Z', true);
    render(<ProvenanceBlock series={[fresh, stale]} timeZone="UTC" />, { wrapper: Theme });
    expect(screen.getByText('GDP (current US$): Viet Nam')).toBeTruthy();
    expect(screen.getAllByText('World Bank, World Development Indicators').length).toBe(2);
    expect(screen.getByText('2026-11-22 14:03 UTC')).toBeTruthy();
    expect(screen.getByText('/indicators?source=WB&indicator=NY.GDP.MKTP.CD&country=VN&start_year=2018')).toBeTruthy();
    expect(screen.getByText('Stale: cached copy from 2026-11-20 09:12 UTC')).toBeTruthy();
    expect(screen.getAllByText(/^Stale:/).length).toBe(1);
  });
  it('shows a transformed series\' transform and its warnings', () => {
    const base = sampleSeries({ kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.KD.ZG', country: 'VN' }, '2026-11-22T14:03:00.000Z');
    const warning = 'Units=pc1 on GDP growth (annual %), already a percentage (annual %): this is a % change of a rate; Units=ch1 gives the change in percentage points.';
    const s = { ...base, provenance: { ...base.provenance, transform: 'Units=pc1', warnings: [warning] } };
    render(<ProvenanceBlock series={s} timeZone="UTC" />, { wrapper: Theme });
    expect(screen.getByText('Transform')).toBeTruthy();
    expect(screen.getByText('Units=pc1')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toBe(warning);
  });
  it('shows a trade range as the request sent and the months kept on the client', () => {
    const base = sampleSeries({ kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN' }, '2026-11-22T14:03:00.000Z');
    const s = { ...base, provenance: { ...base.provenance, endpoint: '/trade/vietnam', query: { kind: 'trade' as const, flow: 'exports' as const, start_period: '2024-01', end_period: '2024-06' } } };
    render(<ProvenanceBlock series={s} timeZone="UTC" />, { wrapper: Theme });
    expect(screen.getByText('/trade/vietnam?flow=exports')).toBeTruthy();
    expect(screen.getByText('Months')).toBeTruthy();
    expect(screen.getByText("2024-01 to 2024-06 (trimmed on the client from the service's answer)")).toBeTruthy();
    expect(screen.queryByText(/start_period/)).toBeNull();
  });
  it('writes trade and stock queries out too', () => {
    expect(queryText({ kind: 'trade', flow: 'exports', partner: 'CN' })).toBe('/trade/vietnam?flow=exports&partner=CN');
    expect(queryText({ kind: 'stock', index: 'VNINDEX' })).toBe('/stocks/vietnam?index=VNINDEX');
  });
});

describe('ErrorMessage', () => {
  it('offers Open settings for a refused key, Retry for a connection error', async () => {
    let opened = 0;
    const { unmount } = render(<ErrorMessage error={new AuthenticationError('Invalid API key')} onRetry={() => undefined} onOpenSettings={() => { opened++; }} />, { wrapper: Theme });
    expect(screen.getByText('API key refused')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open settings' }));
    expect(opened).toBe(1);
    unmount();
    render(<ErrorMessage error={{ name: 'EconError', code: 'connection', message: 'x', retryable: true }} onRetry={() => undefined} context={{ baseURL: 'http://127.0.0.1:9/api/v1' }} />, { wrapper: Theme });
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});

describe('ConnectionForm', () => {
  it('says a key is saved when the store gives no last characters', () => {
    render(<ConnectionForm initial={{ baseURL: 'http://127.0.0.1:8000/api/v1' }} savedKey={{ hint: '' }} onSave={() => undefined} />, { wrapper: Theme });
    expect(screen.getByText('A key is saved. Leave empty to keep it.')).toBeTruthy();
  });
  it("shows an app's own refusal (an invalid_parameter error from onSave) as its sentence", async () => {
    const user = userEvent.setup();
    render(<ConnectionForm initial={{ baseURL: 'http://127.0.0.1:8000/api/v1' }} savedKey={{ hint: 'a1b2' }} onSave={() => { throw new InvalidParameterError('name', 'Profile name: use 1-64 letters, digits, spaces, dots, dashes or underscores.'); }} />, { wrapper: Theme });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Profile name: use 1-64 letters, digits, spaces, dots, dashes or underscores. Correct it and try again.');
  });

  it('hands the key to onSave once, clears the field, and never puts it in the DOM otherwise', async () => {
    const user = userEvent.setup();
    const saved: Array<[unknown, string | undefined]> = [];
    render(<ConnectionForm initial={{ baseURL: 'http://127.0.0.1:8000/api/v1' }} onSave={(s, k) => { saved.push([s, k]); }} />, { wrapper: Theme });
    const key = screen.getByLabelText('API key') as HTMLInputElement;
    expect(key.type).toBe('password');
    await user.type(key, 'sandbox-pro');
    await user.click(screen.getByRole('button', { name: 'Show key' }));
    expect(key.type).toBe('text');
    await user.selectOptions(screen.getByLabelText('Plan'), 'pro');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved. The key is stored securely and no longer shown.');
    // The form hands on the address core's rule keeps (its /api/v1 dropped): the one the keychain stores.
    expect(saved).toEqual([[{ baseURL: 'http://127.0.0.1:8000', plan: 'pro' }, 'sandbox-pro']]);
    expect(key.value).toBe('');
    expect(document.body.innerHTML.includes('sandbox-pro')).toBe(false);
  });
  it('with detectPlan, offers "From the service" first (the default) and hands detectPlan on; a plan chosen by hand is plain', async () => {
    const user = userEvent.setup();
    const saved: unknown[] = [];
    render(<ConnectionForm initial={{ baseURL: 'http://127.0.0.1:8787' }} savedKey={{ hint: '' }} detectPlan={{ detectedPlan: 'pro' }} onSave={(s) => { saved.push(s); }} />, { wrapper: Theme });
    const plan = screen.getByLabelText('Plan') as HTMLSelectElement;
    expect(plan.value).toBe('detect');
    expect([...plan.options].map((o) => o.text)).toEqual([
      'From the service: Pro', 'Free (10 a minute, 100 a day)', 'Basic (60 a minute, 1,000 a day)', 'Pro (300 a minute, 10,000 a day)', 'Enterprise (unlimited)',
    ]);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved.');
    await user.selectOptions(plan, 'enterprise');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved.');
    expect(saved).toEqual([{ baseURL: 'http://127.0.0.1:8787', plan: 'free', detectPlan: true }, { baseURL: 'http://127.0.0.1:8787', plan: 'enterprise' }]);
  });
  it('refuses a plain-http remote URL and a missing key, naming the field and the form', async () => {
    const user = userEvent.setup();
    const saved: unknown[] = [];
    render(<ConnectionForm initial={{ baseURL: 'http://api.example.com/api/v1' }} onSave={(s) => { saved.push(s); }} />, { wrapper: Theme });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Service URL: enter an address such as https://api.econdata.example/api/v1; plain http is allowed only for localhost, so the key is never sent unencrypted.')).toBeTruthy();
    expect(screen.getByText('API key: paste the key from your account page (no key is saved yet).')).toBeTruthy();
    expect(saved).toEqual([]);
  });
  it('shows a saved key masked with its age, and a failed test as a sentence', async () => {
    const user = userEvent.setup();
    render(
      <ConnectionForm
        initial={{ baseURL: 'https://api.econdata.example/api/v1', plan: 'basic' }}
        savedKey={{ hint: 'a1b2', savedAt: '2026-11-19T10:00:00Z' }}
        now={new Date('2026-11-22T14:00:00Z')}
        onSave={() => undefined}
        onTest={() => { throw new AuthenticationError('Invalid API key', { status: 401 }).toJSON(); }}
      />,
      { wrapper: Theme },
    );
    expect(screen.getByText('Saved key ••••a1b2, saved 3 days ago. Leave empty to keep it.')).toBeTruthy();
    expect(screen.getByLabelText('New API key (optional)').getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    await waitFor(() => expect(screen.getByText('The service refused the API key (it is wrong, revoked or expired). Paste a new key in the connection settings and save it.')).toBeTruthy());
    fireEvent.change(screen.getByLabelText(/^Service URL/), { target: { value: 'not a url' } });
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(screen.getByText('Service URL: enter an address such as https://api.econdata.example/api/v1.')).toBeTruthy();
  });
  it('asks for the key again once the address moves to another origin; another path keeps it', async () => {
    const user = userEvent.setup();
    const saved: Array<[unknown, string | undefined]> = [];
    render(
      <ConnectionForm initial={{ baseURL: 'https://api.econdata.example/api/v1', plan: 'basic' }} savedKey={{ hint: 'a1b2' }} onSave={(s, k) => { saved.push([s, k]); }} />,
      { wrapper: Theme },
    );
    const url = screen.getByLabelText(/^Service URL/);
    fireEvent.change(url, { target: { value: 'https://api.econdata.example/v2/api/v1' } });
    expect(screen.getByLabelText('New API key (optional)')).toBeTruthy();
    fireEvent.change(url, { target: { value: 'https://collector.example.net/api/v1' } });
    expect(screen.getByText('The saved key is only ever sent to https://api.econdata.example: paste the key for this new address (it replaces the saved one).')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('API key: a new address needs its own key.')).toBeTruthy();
    expect(saved).toEqual([]);
    await user.type(screen.getByLabelText(/^API key/), 'sk_live_for_collector');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved. The key is stored securely and no longer shown.');
    expect(saved).toEqual([[{ baseURL: 'https://collector.example.net', plan: 'basic' }, 'sk_live_for_collector']]);
  });
});
