import { describe, expect, it } from 'vitest';
import { EconDataClient } from '../client/client.ts';
import { FakeTransport, envelope, json } from '../testing/fake-transport.ts';
import { bodyText } from './check.ts';

const rec = { indicator_code: 'A', indicator_name: 'A name', country_code: 'VN', country_name: 'Vietnam', year: 2020, value: 1.5, unit: 'USD' };
const q = { source: 'WB', indicator: 'A', country: 'VN' };
const call = (reply: ReturnType<typeof json>) => new EconDataClient({ baseURL: 'https://api.example.com', apiKey: 'key-abcdef-0001', transport: new FakeTransport(reply), maxRetries: 0 }).getIndicators(q);

describe('response checks', () => {
  it('keeps unknown extra fields and accepts a null value', async () => {
    const r = await call(json(200, envelope([{ ...rec, value: null, footnote: 'provisional' }])));
    expect(r.data[0]).toEqual({ ...rec, value: null, footnote: 'provisional' });
  });

  it.each([
    ['a truncated body', '{"success":true,"data":[{"indicator_code":"A","indic', 'truncated or malformed JSON'],
    ['an HTML page with status 200', '<!DOCTYPE html><html><body>Maintenance</body></html>', 'an HTML page instead of JSON'],
    ['an empty body', '', 'an empty body'],
    ['a wrong type', JSON.stringify(envelope([{ ...rec, year: '2020' }])), 'data[0]: year is not an integer'],
    ['a missing field', JSON.stringify(envelope([{ ...rec, indicator_code: undefined }])), 'data[0]: indicator_code is not a string'],
    ['a count that does not match', JSON.stringify({ success: true, data: [rec], metadata: { source: 'WB', last_updated: null, total_records: 2 } }), 'metadata.total_records says 2 but data holds 1 records'],
    ['no metadata', JSON.stringify({ success: true, data: [] }), 'metadata is missing'],
    ['data not an array', JSON.stringify({ success: true, data: {}, metadata: { source: 'WB' } }), '"data" is not an array'],
  ])('%s is an invalid_response with the status and an excerpt', async (_what, body, reason) => {
    const e = await call({ status: 200, headers: {}, body }).catch((x: unknown) => x);
    expect(e).toMatchObject({ code: 'invalid_response', status: 200 });
    expect((e as Error).message).toBe(`The service's answer (status 200) is not what the interface promises: ${reason}. Try again later; if it persists, report it to the provider.`);
    expect((e as { excerpt: string }).excerpt).toBe(body.replace(/\s+/g, ' ').trim().slice(0, 160) + (body.length > 160 ? '...' : ''));
  });

  it('a 200 with success: false is an error carrying the server\'s message', async () => {
    const e = await call(json(200, { success: false, error: { message: 'Server error: disk full' } })).catch((x: unknown) => x);
    expect(e).toMatchObject({ code: 'invalid_response', status: 200, serverMessage: 'Server error: disk full' });
  });

  it('Uint8Array bodies decode as UTF-8', async () => {
    const body = new TextEncoder().encode(JSON.stringify(envelope([{ ...rec, country_name: 'Việt Nam' }])));
    expect((await call({ status: 200, headers: {}, body })).data[0]!.country_name).toBe('Việt Nam');
  });
});

describe('bodyText', () => {
  it('a body longer than the runtime\'s longest string is an invalid_response naming its size, not a plain RangeError', () => {
    const tooLong = (): string => {
      const e = new RangeError('Cannot create a string longer than 0x1fffffe8 characters') as RangeError & { code: string };
      e.code = 'ERR_STRING_TOO_LONG';
      throw e;
    };
    expect(() => bodyText(new Uint8Array(12), tooLong)).toThrow(expect.objectContaining({
      code: 'invalid_response',
      message: "The service's answer (12 bytes) is too large to read as text here. Ask for less (fewer countries or indicators, a shorter range), or lower maxResponseBytes so such answers are refused before they are read.",
    }) as Error);
    expect(bodyText(new TextEncoder().encode('ok'))).toBe('ok');
  });
});

describe('maxResponseBytes with a transport that does not bound the body itself', () => {
  it('the client refuses the answer after it arrives: invalid_response naming the limit', async () => {
    const client = new EconDataClient({ baseURL: 'https://api.example.com', apiKey: 'key-abcdef-0001', transport: new FakeTransport(json(200, envelope([rec, rec]))), maxRetries: 0, maxResponseBytes: 100 });
    await expect(client.getIndicators(q)).rejects.toMatchObject({ code: 'invalid_response', message: expect.stringMatching(/^The service's answer to GET \/indicators is larger than 100 bytes, the client.s maxResponseBytes;/) as string });
  });
});
