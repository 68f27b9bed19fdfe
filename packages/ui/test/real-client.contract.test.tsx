// @vitest-environment happy-dom
import './support/no-animations.ts';
import { EconDataClient, QuotaLedger } from '@econdata/core';
import { act, cleanup, configure, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useSandboxes } from '../../../test/support/sandboxes.ts';
import { EconDataProvider, EconThemeProvider, ErrorMessage, QuotaMeter, SourcePicker, useIndicators, type EconDataApi } from '../src/index.ts';

configure({ asyncUtilTimeout: 10_000 });
afterEach(cleanup);
const sandbox = useSandboxes();

/** The port is what core's client offers: this line fails to compile if they drift apart. */
const asApi = (client: EconDataClient): EconDataApi => client;

function wrap(api: EconDataApi, baseURL: string) {
  return function Wrapper({ children }: { children: ReactNode }): ReactNode {
    return <EconThemeProvider><EconDataProvider api={api} baseURL={baseURL} timeZone="UTC">{children}</EconDataProvider></EconThemeProvider>;
  };
}

describe('@econdata/ui over a real EconDataClient and the sandbox', () => {
  it('lists sources and searches indicators over HTTP, and the quota meter counts the requests', async () => {
    const sb = await sandbox();
    const baseURL = `${sb.url}/api/v1`;
    const ledger = new QuotaLedger({ plan: 'free' });
    const api = asApi(new EconDataClient({ baseURL, apiKey: 'sandbox-free', gate: ledger }));
    render(<><SourcePicker value="WB" onChange={() => undefined} /><QuotaMeter variant="compact" /></>, { wrapper: wrap(api, baseURL) });
    const select = await screen.findByRole('combobox', { name: 'Source' });
    expect([...(select as HTMLSelectElement).options].map((o) => o.value)).toEqual(['WB', 'IMF', 'GSO']);
    await screen.findByText('Free plan: 99 of 100 left today, 9 of 10 this minute');

    const { result } = renderHook(() => useIndicators('WB', 'GDP (current'), { wrapper: wrap(api, baseURL) });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.data?.map((i) => i.code)).toContain('NY.GDP.MKTP.CD');
  });

  it('a refused key reads as a sentence that says what to do', async () => {
    const sb = await sandbox();
    const baseURL = `${sb.url}/api/v1`;
    const client = new EconDataClient({ baseURL, apiKey: 'not-a-key', maxRetries: 0 });
    const error = await client.listSources({}).then(() => null, (e: unknown) => e);
    render(<ErrorMessage error={error} onOpenSettings={() => undefined} />, { wrapper: wrap(client, baseURL) });
    expect(screen.getByText('The service refused the API key (it is wrong, revoked or expired). Paste a new key in the connection settings and save it.')).toBeTruthy();
    await act(async () => { await userEvent.setup().click(screen.getByRole('button', { name: 'Open settings' })); });
  });

  it('an unreachable service names its address', async () => {
    const sb = await sandbox();
    const baseURL = `${sb.url}/api/v1`;
    await sb.close();
    const client = new EconDataClient({ baseURL, apiKey: 'sandbox-free', maxRetries: 0 });
    const error = await client.listCountries({}).then(() => null, (e: unknown) => e);
    render(<ErrorMessage error={error} />, { wrapper: wrap(client, baseURL) });
    expect(screen.getByText(`The service cannot be reached at ${baseURL}. Check the address and your network connection, then retry.`)).toBeTruthy();
  });
});
