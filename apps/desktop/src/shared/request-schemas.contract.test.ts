/**
 * The contract's schemas, fed bad input from the renderer's side through the same dispatcher both
 * bridges use: each request is refused with core's InvalidParameterError (serialized, exact message),
 * nothing is written to the home folder and nothing is sent to the service (the sandbox's counters).
 */
import { describe, expect, it } from 'vitest';
import { EconDataClient, errorFromJSON, InvalidParameterError, refusalSentence } from '@econdata/core';
import { envelope, FakeTransport, json } from '@econdata/core/testing';
import { PROFILE_NAME_FORM } from '@econdata/keychain';
import { filesUnder, GDP_VN, useMain } from '../../test/support/harness.ts';
import { validateRequest } from './request-schemas.ts';

const refusal = (parameter: string, message: string) => ({
  ok: false,
  error: { name: 'InvalidParameterError', code: 'invalid_parameter', parameter, message, retryable: false },
});

const CASES: Array<[string, unknown, string, string]> = [
  ['profiles.create', { name: 'prod', baseURL: 'ftp://example.com', plan: 'pro' }, 'baseURL', 'Invalid baseURL: expected the service\'s address, starting with https:// (or http:// for this computer), got "ftp://example.com". Correct it and try again.'],
  ['profiles.create', { name: 'prod', baseURL: 'http://api.example.com', plan: 'pro' }, 'baseURL', 'Invalid baseURL: expected the service\'s address, starting with https:// (or http:// for this computer), got "http://api.example.com". Correct it and try again.'],
  ['profiles.update', { name: 'prod', baseURL: 'https://me:pw@api.example.com' }, 'baseURL', 'Invalid baseURL: expected the service\'s address without a user name, password, query or fragment (the key goes in the key field), got "https://me:pw@api.example.com". Correct it and try again.'],
  ['profiles.create', { name: 'prod', baseURL: 'https://api.example.com', plan: 'gold' }, 'plan', 'Invalid plan: expected one of free, basic, pro, enterprise, got "gold". Correct it and try again.'],
  ['profiles.create', { name: '../etc', baseURL: 'https://api.example.com', plan: 'pro' }, 'name', 'Invalid name: expected a profile name of 1 to 64 letters, digits, spaces, dots, dashes or underscores, starting with a letter or digit, got "../etc". Correct it and try again.'],
  ['profiles.create', { name: 'prod', baseURL: 'https://api.example.com', plan: 'pro', key: 'short' }, 'key', 'Invalid key: expected an API key of 8 to 512 characters without spaces (copy it again from the provider\'s dashboard), got "short". Correct it and try again.'],
  ['profiles.rotateKey', { name: 'prod' }, 'key', 'Invalid key: expected a value, got nothing. Correct it and try again.'],
  ['profiles.switch', { name: 'prod', isAdmin: true }, 'isAdmin', 'Invalid request: the request has an unknown field "isAdmin"; the fields are name.'],
  ['session.status', 'status please', 'request', 'Invalid request: expected an object, got "status please". Correct it and try again.'],
  ['series.fetch', { queries: [] }, 'queries', 'Invalid queries: expected a list of 1 to 2000 items, got an empty list. Correct it and try again.'],
  ['series.fetch', { queries: [{ ...GDP_VN, kind: 'bond' }] }, 'queries[0].kind', 'Invalid queries[0].kind: expected one of indicator, trade, stock, got "bond". Correct it and try again.'],
  ['series.fetch', { queries: [{ ...GDP_VN, start_year: '2015' }] }, 'queries[0].start_year', 'Invalid queries[0].start_year: expected a whole year between 1800 and 2200 such as 2015, got "2015". Correct it and try again.'],
  ['series.fetch', { queries: [GDP_VN, { ...GDP_VN, country: 'VNM' }] }, 'queries[1].country', 'Invalid queries[1].country: expected an ISO 2-letter country code such as "VN", got "VNM". Correct it and try again.'],
  ['series.estimate', { queries: [{ ...GDP_VN, start_year: 2020, end_year: 2010 }] }, 'queries[0].start_year', 'Invalid queries[0].start_year: 2020 is after end_year 2010; start_year must be <= end_year.'],
  ['series.fetch', { queries: [{ ...GDP_VN, api_key: 'x' }] }, 'queries[0].api_key', 'Invalid request: queries[0] has an unknown field "api_key"; the fields are kind, source, indicator, country, start_year, end_year, frequency.'],
  ['series.fetch', { queries: [GDP_VN], jobId: 'a b' }, 'jobId', 'Invalid jobId: expected a job id of 1 to 64 letters, digits, dashes or underscores, got "a b". Correct it and try again.'],
  ['vintages.asOf', { queries: [GDP_VN], date: '31/03/2026' }, 'date', 'Invalid date: expected a date as YYYY-MM-DD (or an ISO 8601 time), got "31/03/2026". Correct it and try again.'],
  ['exports.writeLocal', { queries: [GDP_VN], format: 'pdf', name: 'x', destination: 'library' }, 'format', 'Invalid format: expected one of xlsx, csv, got "pdf". Correct it and try again.'],
  ['exports.writeLocal', { queries: [GDP_VN], format: 'csv', name: 'GDP\nVietnam', destination: 'downloads' }, 'name', 'Invalid name: expected a name of 1 to 120 characters without line breaks or tabs, got "GDP\\nVietnam". Correct it and try again.'],
  ['exports.writeLocal', { queries: [GDP_VN], format: 'csv', name: 'x', destination: '/tmp' }, 'destination', 'Invalid destination: expected one of library, downloads, dialog, got "/tmp". Correct it and try again.'],
  ['exports.service', { format: 'excel', query: { dataset: 'bonds' }, name: 'x', destination: 'library' }, 'query.dataset', 'Invalid query.dataset: expected one of indicators, trade, stocks, got "bonds". Correct it and try again.'],
  ['library.open', { id: '../settings' }, 'id', 'Invalid id: expected a saved export id (its file name without extension, as the library lists it), got "../settings". Correct it and try again.'],
  ['library.openFile', { from: 'upload', fileName: 'a.exe', base64: 'AAAA' }, 'fileName', 'Invalid fileName: expected a file name ending in .csv or .xlsx (the explorer reads CSV and XLSX exports), got "a.exe". Correct it and try again.'],
  ['library.openFile', { from: 'upload', fileName: 'a.csv', base64: 'not base64!' }, 'base64', 'Invalid request: base64 must be the file\'s bytes in base64, at most 64 MB; for a bigger file, put it in the library or Downloads folder and open it by path.'],
  ['catalog.listSourceIndicators', { source_code: 'W.B' }, 'source_code', 'Invalid source_code: expected a source code such as "WB", "IMF" or "GSO", got "W.B". Correct it and try again.'],
  ['library.openFile', { from: 'disk', path: '/x.csv' }, 'from', 'Invalid from: expected one of dialog, upload, path, got "disk". Correct it and try again.'],
];

describe('request schemas, from the renderer side', () => {
  const main = useMain();

  it('refuses every bad request with the exact message, writes nothing and sends nothing', async () => {
    const { services, folders, embedded } = await main.make();
    await services.handlers['session.status']({}); // the embedded sandbox is up: its counters are the witness
    const before = await filesUnder(folders.home);
    for (const [operation, request, parameter, message] of CASES) {
      expect(await services.dispatch(operation, request), operation).toEqual(refusal(parameter, message));
    }
    expect(embedded[0]!.stats().received).toBe(0);
    expect(await filesUnder(folders.home)).toEqual(before);
    expect((await services.handlers['profiles.list']({})).map((p) => p.name)).toEqual(['sandbox']);
  });

  it('creates a profile from the address the connection form suggests (ending in /api/v1): the input reads as accepted, not as an error', async () => {
    const { services } = await main.make();
    const created = await services.dispatch('profiles.create', { name: 'docs address', baseURL: 'https://api.econdata.example/api/v1', plan: 'pro', activate: false });
    expect(created).toMatchObject({ ok: true, value: { name: 'docs address', baseURL: 'https://api.econdata.example', plan: 'pro' } });
  });

  it('refuses an unknown operation without touching a service', async () => {
    const { services } = await main.make();
    expect(await services.dispatch('fs.readFile', { path: '/etc/passwd' })).toEqual({
      ok: false, error: { name: 'BridgeError', code: 'unknown_operation', message: 'The explorer has no operation "fs.readFile". Reload the page: it may be older than the explorer.' },
    });
  });

  it("accepts what core accepts: a GSO table code of 134 characters (the desktop once stopped at 64)", () => {
    const indicator = 'GDP.ACTIVITIES_OF_THE_COMMUNIST_PARTY_SOCIO_POLITICAL_ORGANIZATIONS_PUBLIC_ADMINISTRATION_AND_DEFENCE_COMPULSORY_SOCIAL_SECURITY.VALUE';
    const query = { kind: 'indicator', source: 'GSO', indicator, frequency: 'quarterly' } as const;
    expect(validateRequest('series.fetch', { queries: [query] })).toEqual({ queries: [query] });
    expect(validateRequest('exports.service', { format: 'csv', query: { source: 'GSO', indicator }, name: 'gdp', destination: 'library' }).query).toEqual({ source: 'GSO', indicator });
  });

  it('refuses a malformed request in core\'s one sentence for a refused value (the schema library words nothing of its own)', async () => {
    const { services } = await main.make();
    const cases: Array<[string, unknown, string, string, unknown]> = [
      ['profiles.switch', { name: 7 }, 'name', PROFILE_NAME_FORM, 7],
      ['jobs.cancel', { jobId: ['a'] }, 'jobId', 'a job id of 1 to 64 letters, digits, dashes or underscores', ['a']],
      ['series.fetch', { queries: 'GDP' }, 'queries', 'a list of 1 to 2000 items', 'GDP'],
      ['series.fetch', { queries: [GDP_VN], priority: null }, 'priority', 'one of interactive, background', null],
      ['profiles.create', { name: 'prod', baseURL: 'https://api.example.com', plan: 'pro', activate: 'yes' }, 'activate', 'true or false', 'yes'],
      ['library.openFile', { from: 'path', path: 'x'.repeat(5000) }, 'path', 'a text of 1 to 4096 characters', 'x'.repeat(5000)],
      ['settings.setPreferences', [], 'nameLanguage', 'a value', undefined],
    ];
    for (const [operation, request, parameter, expected, value] of cases) {
      expect(await services.dispatch(operation, request), operation).toEqual(refusal(parameter, refusalSentence(parameter, expected, value)));
    }
  });

  it('refuses a source code of 64 characters with a dot (W.B...) as core refuses it, in every place a source goes, before any request', async () => {
    const source = `W.B${'X'.repeat(61)}`;
    expect(source).toHaveLength(64);
    const transport = new FakeTransport(json(200, envelope([])));
    const core = new EconDataClient({ baseURL: 'https://api.example.com', apiKey: 'test-key-0000', transport });
    const coreRefusal = async (call: Promise<unknown>): Promise<InvalidParameterError> => {
      const error = await call.then(() => undefined, (e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidParameterError);
      return error as InvalidParameterError;
    };
    const asPath = (error: InvalidParameterError, path: string) => refusal(path, error.message.replace(`Invalid ${error.parameter}:`, `Invalid ${path}:`));
    const bySegment = await coreRefusal(core.listSourceIndicators({ source_code: source }));
    const byQuery = await coreRefusal(core.getIndicators({ source, indicator: 'NY.GDP.MKTP.CD', country: 'VN' }));
    const byExport = await coreRefusal(core.exportCsv({ source, indicator: 'NY.GDP.MKTP.CD', country: 'VN' }));
    expect(transport.requests).toHaveLength(0);
    expect(bySegment.message).toBe('Invalid source_code: expected a source code such as "WB", "IMF" or "GSO", got "W.BXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX...". Correct it and try again.');

    const { services, embedded } = await main.make();
    await services.handlers['session.status']({});
    expect(await services.dispatch('catalog.listSourceIndicators', { source_code: source })).toEqual(asPath(bySegment, 'source_code'));
    expect(await services.dispatch('series.fetch', { queries: [GDP_VN, { ...GDP_VN, source }] })).toEqual(asPath(byQuery, 'queries[1].source'));
    expect(await services.dispatch('exports.service', { format: 'csv', query: { source, indicator: 'NY.GDP.MKTP.CD', country: 'VN' }, name: 'x', destination: 'library' }))
      .toEqual(asPath(byExport, 'query.source'));
    expect(await services.dispatch('library.openFile', { from: 'dialog', sourceCode: source })).toEqual(asPath(bySegment, 'sourceCode'));
    expect(embedded[0]!.stats().received).toBe(0);
  });

  it('returns a fresh copy holding only known fields, and the error revives as core\'s class', () => {
    const request = { name: 'prod' };
    const checked = validateRequest('profiles.switch', request);
    expect(checked).toEqual({ name: 'prod' });
    expect(checked).not.toBe(request);
    let thrown: unknown;
    try {
      validateRequest('jobs.cancel', { jobId: 7 });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InvalidParameterError);
    expect(errorFromJSON((thrown as InvalidParameterError).toJSON())).toBeInstanceOf(InvalidParameterError);
  });
});
