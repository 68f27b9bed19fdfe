import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EconDataClient } from '../client/client.ts';
import type { TransportRequest, TransportResponse } from '../net/transport.ts';
import { FileCacheStore } from './file-cache.ts';
import { isTempFile } from './atomic-file.ts';
import { saveExport } from './export-file.ts';

let dir: string;
beforeEach(async () => { dir = await mkdtemp(join(tmpdir(), 'core-node-')); });
afterEach(async () => { await rm(dir, { recursive: true, force: true }); });

/** A transport streaming `parts`; a part that is an Error breaks the stream there. */
function streaming(parts: Array<string | Error>) {
  return {
    send: async (req: TransportRequest): Promise<TransportResponse> => ({
      status: 200,
      headers: { 'content-type': 'text/csv', 'content-length': String(parts.filter((p) => typeof p === 'string').join('').length), 'content-disposition': 'attachment; filename="x.csv"' },
      body: new Uint8Array(0),
      stream: (async function* chunks() {
        expect(req.stream).toBe(true);
        for (const p of parts) {
          if (p instanceof Error) throw p;
          yield new TextEncoder().encode(p);
        }
      })(),
    }),
  };
}

describe('saveExport', () => {
  it('writes the chunks as they arrive, with progress, then renames', async () => {
    const c = new EconDataClient({ baseURL: 'https://api.example.com', apiKey: 'test-key-0000', transport: streaming(['a,b\r\n', '1,2\r\n']) });
    const seen: Array<[number, number | undefined]> = [];
    const saved = await saveExport(c, { format: 'csv', source: 'WB', indicator: 'A', country: 'VN' }, { path: join(dir, 'out.csv'), onProgress: (n, t) => seen.push([n, t]) });
    expect(saved).toEqual({ path: join(dir, 'out.csv'), bytes: 10, filename: 'x.csv', content_type: 'text/csv' });
    expect(await readFile(join(dir, 'out.csv'), 'utf8')).toBe('a,b\r\n1,2\r\n');
    expect(seen).toEqual([[5, 10], [10, 10]]);
    expect(await readdir(dir)).toEqual(['out.csv']);
  });

  it('a broken stream leaves the old file intact and no temporary file', async () => {
    await writeFile(join(dir, 'out.csv'), 'old');
    const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    const c = new EconDataClient({ baseURL: 'https://api.example.com', apiKey: 'test-key-0000', transport: streaming(['a,b\r\n', reset]) });
    await expect(saveExport(c, { format: 'csv', source: 'WB', indicator: 'A', country: 'VN' }, { path: join(dir, 'out.csv') })).rejects.toMatchObject({ code: 'connection' });
    expect(await readFile(join(dir, 'out.csv'), 'utf8')).toBe('old');
    expect(await readdir(dir)).toEqual(['out.csv']);
  });
});

describe('FileCacheStore', () => {
  it('round-trips entries across instances, deletes, and reports a damaged entry once', async () => {
    const a = new FileCacheStore(join(dir, 'cache'));
    const entry = { value: { data: [1], metadata: { source: 'WB' } }, storedAt: 1, expiresAt: 2 };
    await a.set('GET /x?a=1', entry);
    expect(await new FileCacheStore(join(dir, 'cache')).get('GET /x?a=1')).toEqual(entry);
    expect(await a.get('GET /x?a=2')).toBeUndefined();
    const [file] = await readdir(join(dir, 'cache'));
    await writeFile(join(dir, 'cache', file!), '{"key":"GET /x?a=1","entry":{"val');
    await expect(a.get('GET /x?a=1')).rejects.toThrow(/Removed a damaged cache entry/);
    expect(await a.get('GET /x?a=1')).toBeUndefined();
    await a.set('GET /x?a=1', entry);
    await a.delete('GET /x?a=1');
    expect(await a.get('GET /x?a=1')).toBeUndefined();
    expect((await readdir(join(dir, 'cache'))).filter(isTempFile)).toEqual([]);
  });

  it('serves a client as its cache store across "restarts"', async () => {
    const transport = { send: async (): Promise<TransportResponse> => ({ status: 200, headers: {}, body: JSON.stringify({ success: true, data: [], metadata: { source: 'WB', last_updated: null, total_records: 0 } }) }) };
    let calls = 0;
    const counting = { send: async () => { calls++; return transport.send(); } };
    const q = { source: 'WB', indicator: 'A', country: 'VN' };
    await new EconDataClient({ baseURL: 'https://api.example.com', apiKey: 'test-key-0000', transport: counting, cache: new FileCacheStore(dir) }).getIndicators(q);
    await new EconDataClient({ baseURL: 'https://api.example.com', apiKey: 'test-key-0000', transport: counting, cache: new FileCacheStore(dir) }).getIndicators(q);
    expect(calls).toBe(1);
  });
});

describe('saveExport of a cut XLSX', () => {
  it('keeps the old file and leaves no temporary file when the archive is cut', async () => {
    await writeFile(join(dir, 'out.xlsx'), 'old');
    // Local file header, then half an archive: the end-of-central-directory record never comes.
    const cut = { send: async (): Promise<TransportResponse> => ({
      status: 200, headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }, body: new Uint8Array(0),
      stream: (async function* chunks() { yield new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]); yield new Uint8Array(100); })(),
    }) };
    const c = new EconDataClient({ baseURL: 'https://api.example.com', apiKey: 'test-key-0000', transport: cut });
    await expect(saveExport(c, { format: 'excel', source: 'WB', indicator: 'A', country: 'VN' }, { path: join(dir, 'out.xlsx') })).rejects.toMatchObject({ code: 'invalid_response', status: 200 });
    expect(await readFile(join(dir, 'out.xlsx'), 'utf8')).toBe('old');
    expect(await readdir(dir)).toEqual(['out.xlsx']);
  });
});

describe('saveExport into a folder that does not exist', () => {
  it('rejects with a storage error naming the file, never a raw file-system error', async () => {
    const c = new EconDataClient({ baseURL: 'https://api.example.com', apiKey: 'test-key-0000', transport: streaming(['a,b\r\n']) });
    const path = join(dir, 'no-such-folder', 'out.csv');
    await expect(saveExport(c, { format: 'csv', source: 'WB', indicator: 'A', country: 'VN' }, { path })).rejects.toMatchObject({
      code: 'storage', message: expect.stringContaining(`The file ${path} could not be written`),
    });
  });
});
