/**
 * Reloading the data folder: a revision written into the folder is served without a restart, by
 * the admin route and by the folder watch, and each source's last_updated follows its files' dates.
 */
import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../src/index.ts';

const AUTH = { authorization: 'Bearer sandbox-enterprise' };
const running: Sandbox[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

/** A small data folder: WB GDP for Vietnam 2020-2022 and IMF growth, both files dated `day`. */
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-reload-'));
  writeFileSync(join(dir, 'countries.csv'), 'iso2,iso3,name\nVN,VNM,Viet Nam\n');
  writeWb(dir, [100, 110, 120], '2026-01-05');
  writeFileSync(join(dir, 'imf_weo_values.csv'), 'indicator_id,country_code,year,value\nNGDP_RPCH,VNM,2020,2.9\n');
  stamp(dir, 'imf_weo_values.csv', '2026-01-05');
  return dir;
}

function writeWb(dir: string, values: number[], day: string): void {
  const rows = values.map((v, i) => `NY.GDP.MKTP.CD,VNM,${2020 + i},${v}`);
  writeFileSync(join(dir, 'wb_wdi_values.csv'), ['indicator_id,country_code,year,value', ...rows, ''].join('\n'));
  stamp(dir, 'wb_wdi_values.csv', day);
}

function stamp(dir: string, file: string, day: string): void {
  const t = new Date(`${day}T12:00:00Z`);
  utimesSync(join(dir, file), t, t);
}

async function gdp(s: Sandbox): Promise<{ values: Array<number | null>; last_updated: string }> {
  const res = await fetch(`${s.url}/api/v1/indicators?source=WB&indicator=NY.GDP.MKTP.CD&country=VN`, { headers: AUTH });
  const body = await res.json() as { data: Array<{ value: number | null }>; metadata: { last_updated: string } };
  return { values: body.data.map((r) => r.value), last_updated: body.metadata.last_updated };
}

async function sourcesUpdated(s: Sandbox): Promise<Record<string, string>> {
  const body = await (await fetch(`${s.url}/api/v1/sources`, { headers: AUTH })).json() as { data: Array<{ code: string; last_updated: string }> };
  return Object.fromEntries(body.data.map((x) => [x.code, x.last_updated]));
}

describe('POST /_sandbox/reload', () => {
  it('serves a revised file from the next request, with last_updated following the file date; other sources keep theirs', async () => {
    const dir = folder();
    const s = await startSandbox({ dataDir: dir, watch: false });
    running.push(s);
    expect(await gdp(s)).toEqual({ values: [100, 110, 120], last_updated: '2026-01-05' });

    writeWb(dir, [100, 111, 120, 130], '2026-02-10');
    expect(await gdp(s)).toEqual({ values: [100, 110, 120], last_updated: '2026-01-05' }); // not watched: nothing yet

    const res = await fetch(`${s.url}/_sandbox/reload`, { method: 'POST' });
    expect(res.status).toBe(200);
    const body = await res.json() as Record<string, unknown>;
    expect(body).toMatchObject({ success: true, reloaded: true, reloads: 1, last_updated: { WB: '2026-02-10', IMF: '2026-01-05' } });
    expect(await gdp(s)).toEqual({ values: [100, 111, 120, 130], last_updated: '2026-02-10' });
    expect(await sourcesUpdated(s)).toEqual({ WB: '2026-02-10', IMF: '2026-01-05' });
    // The admin route is no /api/v1 request: it is not counted.
    expect(s.stats().received).toBe(4);
  });

  it('a folder that no longer parses is a 500 naming the file and row, and the data served before stays', async () => {
    const dir = folder();
    const s = await startSandbox({ dataDir: dir, watch: false });
    running.push(s);
    writeFileSync(join(dir, 'wb_wdi_values.csv'), 'indicator_id,country_code,year,value\nNY.GDP.MKTP.CD,VNM,2020,12a\n');
    const res = await fetch(`${s.url}/_sandbox/reload`, { method: 'POST' });
    expect(res.status).toBe(500);
    const body = await res.json() as { error: { code: string; message: string } };
    expect(body.error.code).toBe('server_error');
    expect(body.error.message).toBe('Server error: the data folder could not be reloaded (wb_wdi_values.csv row 2: "12a" is not a number); the data served before is still served');
    expect(await gdp(s)).toEqual({ values: [100, 110, 120], last_updated: '2026-01-05' });
  });

  it('the demo pack has no files to read again: reloaded false', async () => {
    const s = await startSandbox({});
    running.push(s);
    const body = await (await fetch(`${s.url}/_sandbox/reload`, { method: 'POST' })).json() as Record<string, unknown>;
    expect(body).toMatchObject({ success: true, reloaded: false, reloads: 0 });
  });
});

describe('the folder watch', () => {
  it('reloads by itself when a file changes', async () => {
    const dir = folder();
    const s = await startSandbox({ dataDir: dir });
    running.push(s);
    expect((await gdp(s)).values).toEqual([100, 110, 120]);
    writeWb(dir, [100, 110, 125], '2026-03-01');
    await expect.poll(() => gdp(s), { interval: 100, timeout: 30_000 }).toEqual({ values: [100, 110, 125], last_updated: '2026-03-01' });
  });
});
