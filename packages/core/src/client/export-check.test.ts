import { describe, expect, it } from 'vitest';
import { EconDataClient } from './client.ts';
import { endsLikeZip, ExportIntegrity } from './export-check.ts';
import { FakeTransport } from '../testing/fake-transport.ts';

/** A ZIP-like file: some entry bytes, then an end-of-central-directory record with `comment`. */
function zip(body: number, comment = ''): Uint8Array {
  const c = new TextEncoder().encode(comment);
  const out = new Uint8Array(body + 22 + c.length);
  out.set([0x50, 0x4b, 0x03, 0x04], 0);
  out.set([0x50, 0x4b, 0x05, 0x06], body);
  out[body + 20] = c.length & 0xff;
  out[body + 21] = c.length >> 8;
  out.set(c, body + 22);
  return out;
}

describe('export integrity', () => {
  it('a ZIP archive is complete only when its end record closes the file', () => {
    expect(endsLikeZip(zip(100))).toBe(true);
    expect(endsLikeZip(zip(100, 'made by exceljs'))).toBe(true);
    expect(endsLikeZip(zip(100).subarray(0, 60))).toBe(false);
    expect(endsLikeZip(zip(100).subarray(0, 121))).toBe(false);
    expect(endsLikeZip(zip(100, 'comment').subarray(0, 125))).toBe(false);
    expect(endsLikeZip(new Uint8Array(0))).toBe(false);
  });

  it('follows chunks of any size and keeps only the tail it needs', () => {
    const file = zip(200_000, 'x');
    const whole = new ExportIntegrity('excel', 200);
    for (let at = 0; at < file.length; at += 7_001) whole.add(file.subarray(at, at + 7_001));
    expect(() => whole.finish()).not.toThrow();
    const cut = new ExportIntegrity('excel', 200);
    cut.add(file.subarray(0, 100_000));
    expect(() => cut.finish()).toThrow(expect.objectContaining({ code: 'invalid_response', status: 200, message: 'The export (status 200) arrived incomplete: the XLSX file (100000 bytes) is cut before the end of its ZIP archive. Nothing was kept; download it again.' }));
    const csv = new ExportIntegrity('csv', 200);
    csv.add(new TextEncoder().encode('a,b\r\n1,'));
    expect(() => csv.finish()).not.toThrow();
  });

  it('exportExcel refuses a cut XLSX body and returns a whole one', async () => {
    const xlsx = { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' };
    const c = new EconDataClient({ baseURL: 'https://api.example.com', apiKey: 'test-key-0000', transport: new FakeTransport({ status: 200, headers: xlsx, body: zip(500).subarray(0, 250) }, { status: 200, headers: xlsx, body: zip(500) }) });
    const q = { source: 'WB', indicator: 'A', country: 'VN' };
    await expect(c.exportExcel(q)).rejects.toMatchObject({ code: 'invalid_response', status: 200 });
    expect((await c.exportExcel(q)).metadata.bytes).toBe(522);
  });
});
