import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCsv, readXlsx } from '@econdata/sheets/node';
import { filesUnder, GDP_TH, GDP_VN, useMain } from '../../../test/support/harness.ts';

describe('exports and the library', () => {
  const main = useMain();

  it('writes XLSX and CSV locally through sheets, to Downloads and to the library, with progress', async () => {
    const { services, folders, events, embedded } = await main.make();
    await services.handlers['series.fetch']({ queries: [GDP_VN, GDP_TH] });
    const sent = embedded[0]!.stats().received;

    const xlsx = await services.handlers['exports.writeLocal']({ jobId: 'x1', queries: [GDP_VN, GDP_TH], format: 'xlsx', name: 'GDP Viet Nam & Thailand', destination: 'downloads' });
    expect(xlsx).toEqual({ path: join(folders.downloads, 'GDP-Viet-Nam-Thailand.xlsx'), bytes: (await stat(xlsx.path!)).size, format: 'xlsx' });
    expect((await readXlsx(xlsx.path!)).map((s) => [s.id, s.values[0]?.length])).toEqual([
      ['indicator:WB:NY.GDP.MKTP.CD:VN:2015-2020', 6], ['indicator:WB:NY.GDP.MKTP.CD:TH:2015-2020', 6],
    ]);
    // The same name again never replaces the first file.
    const again = await services.handlers['exports.writeLocal']({ queries: [GDP_VN], format: 'csv', name: 'GDP Viet Nam & Thailand', destination: 'downloads' });
    expect(again.path).toBe(join(folders.downloads, 'GDP-Viet-Nam-Thailand.csv'));
    expect((await readCsv(again.path!))[0]?.id).toBe('indicator:WB:NY.GDP.MKTP.CD:VN:2015-2020');
    expect(embedded[0]!.stats().received).toBe(sent); // the cache answered what was just shown

    const saved = await services.handlers['exports.writeLocal']({ jobId: 'x2', queries: [GDP_VN], format: 'xlsx', name: 'GDP VN', destination: 'library' });
    expect(saved.saved).toMatchObject({ name: 'GDP VN', format: 'xlsx', queries: [GDP_VN], data_file: `${saved.saved!.id}.xlsx` });
    expect(saved.path).toBe(join(folders.library, saved.saved!.data_file));
    // Progress is core's: requests done of planned. The cache answered both queries, so none were planned.
    expect(events.filter((e) => e.type === 'progress' && e.jobId === 'x1').map((e) => e.type === 'progress' && [e.phase, e.loaded, e.total])).toEqual([['fetching', 0, 0], ['writing', 0, null]]);
    expect((await services.handlers['library.list']({})).exports.map((m) => m.id)).toEqual([saved.saved!.id]);
  });

  it('streams the service\'s own /export/excel and /export/csv, and saves one to the library', async () => {
    const { services, folders, events } = await main.make();
    const query = { source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2015, end_year: 2020 };
    const file = await services.handlers['exports.service']({ jobId: 's1', format: 'excel', query, name: 'service gdp', destination: 'downloads' });
    expect(file.path).toBe(join(folders.downloads, 'service-gdp.xlsx'));
    expect((await readFile(file.path!)).subarray(0, 2).toString()).toBe('PK');
    expect(events.some((e) => e.type === 'progress' && e.jobId === 's1' && e.phase === 'downloading' && e.loaded === file.bytes)).toBe(true);

    const saved = await services.handlers['exports.service']({ format: 'csv', query, name: 'service gdp', destination: 'library' });
    expect(saved.saved).toMatchObject({ name: 'service gdp', format: 'csv' });
    const opened = await services.handlers['library.open']({ id: saved.saved!.id });
    expect(opened.series.map((s) => [s.dimensions['country'], s.periods, s.provenance.query])).toEqual([['VN', ['2015', '2016', '2017', '2018', '2019', '2020'], { kind: 'indicator', ...query }]]);
    expect(saved.saved!.queries).toEqual([{ kind: 'indicator', ...query }]); // what a re-run fetches
    expect(await filesUnder(join(folders.home, 'tmp'))).toEqual([]); // the download's temp file is gone
  });

  it('writes a data-only CSV (header on the first line) with its provenance sidecar, and refuses one for the library', async () => {
    const { services, folders } = await main.make();
    const done = await services.handlers['exports.writeLocal']({ queries: [GDP_VN, GDP_TH], format: 'csv', name: 'GDP for pandas', destination: 'downloads', dataOnly: true });
    const path = join(folders.downloads, 'GDP-for-pandas.csv');
    expect(done).toEqual({ path, bytes: (await stat(path)).size, format: 'csv', provenancePath: join(folders.downloads, 'GDP-for-pandas.provenance.json') });
    const lines = (await readFile(path, 'utf8')).split('\r\n');
    expect(lines[0]).toBe('Period,GDP (current US$): Vietnam,GDP (current US$): Thailand');
    expect(lines.slice(1, -1).map((l) => l.split(',')[0])).toEqual(['2015', '2016', '2017', '2018', '2019', '2020']);
    const sidecar = JSON.parse(await readFile(done.provenancePath!, 'utf8')) as { data_file: string; series: Array<{ id: string; query: string }> };
    expect(sidecar.data_file).toBe('GDP-for-pandas.csv');
    expect(sidecar.series.map((s) => s.id)).toEqual(['indicator:WB:NY.GDP.MKTP.CD:VN:2015-2020', 'indicator:WB:NY.GDP.MKTP.CD:TH:2015-2020']);
    const refused = await services.dispatch('exports.writeLocal', { queries: [GDP_VN], format: 'csv', name: 'x', destination: 'library', dataOnly: true });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_parameter', parameter: 'dataOnly' } });
    expect(await filesUnder(folders.library)).toEqual([]);
  });

  it('shows a saved export under a transform and writes it again as shown, from its file alone (issue 28, item 6)', async () => {
    const { services, folders, embedded } = await main.make();
    const first = await services.handlers['exports.writeLocal']({ queries: [GDP_VN, GDP_TH], format: 'xlsx', name: 'GDP', destination: 'library' });
    const id = first.saved!.id;
    const asSaved = await services.handlers['library.open']({ id });
    const sent = embedded[0]!.stats().received;

    const growth = await services.handlers['library.open']({ id, transform: 'Units=pc1' });
    expect(growth.series.map((s) => s.title)).toEqual(['GDP (current US$): Vietnam, % change from a year ago', 'GDP (current US$): Thailand, % change from a year ago']);
    // The growth of each year from the file's own values; the file's first year has none before it.
    asSaved.series.forEach((saved, i) => {
      const level = saved.values[0]!;
      expect(growth.series[i]!.periods).toEqual(saved.periods);
      expect(growth.series[i]!.values[0]![0]).toBeNull();
      growth.series[i]!.values[0]!.slice(1).forEach((v, p) => expect(v).toBeCloseTo((level[p + 1]! / level[p]! - 1) * 100, 10));
    });

    // Written again as shown: the workbook and the data-only CSV hold the same growth.
    const xlsx = await services.handlers['exports.writeLocal']({ queries: first.saved!.queries, saved: id, transform: 'Units=pc1', format: 'xlsx', name: 'GDP growth', destination: 'downloads' });
    expect((await readXlsx(xlsx.path!)).map((s) => [s.title, s.values[0]])).toEqual(growth.series.map((s) => [s.title, s.values[0]]));
    const csv = await services.handlers['exports.writeLocal']({ queries: first.saved!.queries, saved: id, transform: 'Units=pc1', format: 'csv', name: 'GDP growth', destination: 'downloads', dataOnly: true });
    const lines = (await readFile(csv.path!, 'utf8')).split('\r\n');
    expect(lines[0]).toBe('Period,"GDP (current US$): Vietnam, % change from a year ago","GDP (current US$): Thailand, % change from a year ago"');
    expect(Number(lines[2]!.split(',')[1])).toBeCloseTo(growth.series[0]!.values[0]![1]!, 9);
    expect(embedded[0]!.stats().received).toBe(sent); // nothing was fetched: the file alone

    // Not into the library again (it is there already), and a transform the series refuse says why.
    expect(await services.dispatch('exports.writeLocal', { queries: first.saved!.queries, saved: id, format: 'xlsx', name: 'x', destination: 'library' })).toMatchObject({ ok: false, error: { code: 'invalid_parameter', parameter: 'destination' } });
    expect(await services.dispatch('library.open', { id, transform: 'Per=M' })).toMatchObject({ ok: false, error: { code: 'invalid_parameter' } });
    expect((await services.handlers['library.list']({})).exports.map((m) => m.id)).toEqual([id]);
    expect(await filesUnder(folders.downloads)).toEqual(['GDP-growth.csv', 'GDP-growth.provenance.json', 'GDP-growth.xlsx']);
  });

  it('refuses a save dialog in web mode, saying what to choose instead, and writes nothing', async () => {
    const { services, folders } = await main.make();
    const answer = await services.dispatch('exports.writeLocal', { queries: [GDP_VN], format: 'csv', name: 'x', destination: 'dialog' });
    expect(answer).toEqual({ ok: false, error: { name: 'InvalidParameterError', code: 'invalid_parameter', parameter: 'destination', retryable: false, message: 'Invalid request: destination "dialog" needs a file dialog, which web mode has not; choose "library" or "downloads" (the file\'s path is shown once saved).' } });
    expect(await filesUnder(folders.downloads)).toEqual([]);
    expect(await services.dispatch('library.openFile', { from: 'dialog' })).toMatchObject({ ok: false, error: { code: 'invalid_parameter', parameter: 'from', message: 'Invalid request: from "dialog" needs a file dialog, which web mode has not; upload the file from the page ("upload"), or open it by its path in the library or Downloads folder ("path").' } });
  });

  it('re-runs a saved export into a new one that compares without revisions', async () => {
    const { services, events } = await main.make();
    const first = await services.handlers['exports.writeLocal']({ queries: [GDP_VN, GDP_TH], format: 'xlsx', name: 'GDP', destination: 'library' });
    const again = await services.handlers['library.rerun']({ jobId: 'rerun-1', id: first.saved!.id });
    expect(again).toMatchObject({ rerun_of: first.saved!.id, name: 'GDP', queries: [GDP_VN, GDP_TH] });
    // Two queries of one source and years: one batch request planned, then done (not 0 then 2).
    expect(events.filter((e) => e.type === 'progress' && e.jobId === 'rerun-1')).toEqual([
      { type: 'progress', jobId: 'rerun-1', phase: 'fetching', loaded: 0, total: 1 },
      { type: 'progress', jobId: 'rerun-1', phase: 'fetching', loaded: 1, total: 1 },
    ]);
    const diff = await services.handlers['library.compare']({ olderId: first.saved!.id, newerId: again.id });
    expect(diff).toMatchObject({ changed: [], seriesAdded: [], seriesRemoved: [] });
    expect(diff.unchanged).toHaveLength(2);
  });

  it('uses the native dialogs where there are some (Electron): the chosen path, or nothing when cancelled', async () => {
    let answer: string | null = null;
    const asked: string[] = [];
    const dialogs = {
      saveFile: async (name: string) => { asked.push(`save ${name}`); return answer; },
      openFile: async () => { asked.push('open'); return answer; },
    };
    const { services, folders } = await main.make({ dialogs });
    expect((await services.handlers['session.status']({})).fileDialogs).toBe(true);
    expect(await services.handlers['exports.writeLocal']({ queries: [GDP_VN], format: 'csv', name: 'GDP VN', destination: 'dialog' })).toEqual({ path: null, bytes: 0, format: 'csv' });
    answer = join(folders.home, 'chosen.csv');
    const written = await services.handlers['exports.writeLocal']({ queries: [GDP_VN], format: 'csv', name: 'GDP VN', destination: 'dialog' });
    expect(written.path).toBe(answer);
    expect((await readCsv(answer))[0]?.id).toBe('indicator:WB:NY.GDP.MKTP.CD:VN:2015-2020');
    const opened = await services.handlers['library.openFile']({ from: 'dialog' });
    expect(opened).toMatchObject({ fileName: 'chosen.csv', format: 'csv', series: [{ id: 'indicator:WB:NY.GDP.MKTP.CD:VN:2015-2020' }] });
    answer = null;
    expect(await services.handlers['library.openFile']({ from: 'dialog' })).toEqual({ fileName: null, format: null, series: [] });
    expect(asked).toEqual(['save GDP-VN.csv', 'save GDP-VN.csv', 'open', 'open']);
  });

  it('opens, compares and removes saved exports with the sandbox closed (offline)', async () => {
    const { services, folders, embedded } = await main.make();
    const first = await services.handlers['exports.writeLocal']({ queries: [GDP_VN, GDP_TH], format: 'xlsx', name: 'GDP', destination: 'library' });
    const second = await services.handlers['exports.writeLocal']({ queries: [GDP_VN, GDP_TH], format: 'csv', name: 'GDP', destination: 'library' });
    await embedded[0]!.close();

    const list = await services.handlers['library.list']({});
    expect(list.exports.map((m) => m.id).sort()).toEqual([first.saved!.id, second.saved!.id].sort());
    const opened = await services.handlers['library.open']({ id: first.saved!.id });
    expect(opened.series.map((s) => s.id)).toEqual(['indicator:WB:NY.GDP.MKTP.CD:VN:2015-2020', 'indicator:WB:NY.GDP.MKTP.CD:TH:2015-2020']);
    const diff = await services.handlers['library.compare']({ olderId: first.saved!.id, newerId: second.saved!.id });
    expect(diff).toMatchObject({ seriesAdded: [], seriesRemoved: [], changed: [], unchanged: ['indicator:WB:NY.GDP.MKTP.CD:VN:2015-2020', 'indicator:WB:NY.GDP.MKTP.CD:TH:2015-2020'] });

    // A file the user has: by its path inside an allowed folder, and as uploaded bytes.
    const byPath = await services.handlers['library.openFile']({ from: 'path', path: second.path! });
    expect(byPath).toMatchObject({ fileName: second.saved!.data_file, format: 'csv' });
    expect(byPath.series).toHaveLength(2);
    const upload = await services.handlers['library.openFile']({ from: 'upload', fileName: 'mine.xlsx', base64: (await readFile(first.path!)).toString('base64'), saveAs: 'Uploaded GDP' });
    expect(upload.saved).toMatchObject({ name: 'Uploaded GDP', format: 'xlsx' });
    const outside = await services.dispatch('library.openFile', { from: 'path', path: '/etc/passwd.csv' });
    expect(outside).toMatchObject({ ok: false, error: { code: 'invalid_parameter', parameter: 'path' } });

    // A re-run needs the service: with it gone, it fails as a connection error and saves nothing.
    const rerun = await services.dispatch('library.rerun', { id: first.saved!.id });
    expect(rerun).toMatchObject({ ok: false, error: { code: 'connection' } });
    expect((await services.handlers['library.list']({})).exports).toHaveLength(3);

    expect(await services.handlers['library.remove']({ id: first.saved!.id })).toEqual({ removed: first.saved!.id });
    expect((await filesUnder(folders.library)).filter((f) => f.startsWith(`${first.saved!.id}.`))).toEqual([]);
  });
});
