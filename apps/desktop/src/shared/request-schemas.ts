/**
 * The request schema of every operation. Main runs `validateRequest` before any handler: a request
 * that fails is refused with core's InvalidParameterError (serialized across the bridge) and nothing
 * is read, written or sent. The schemas check the request's shape and size; a query's values (codes,
 * years, dates, stock index) are judged by core's `queryProblems`, the same rule that refuses a request.
 */
import { DERIVED_PRESETS, derivedQueries, formatTransform, parseTransform, type DerivedRequest } from '@econdata/analysis';
import { InvalidParameterError, NAME_LANGUAGES, PLAN_NAMES, problemSentence, queryProblems, readBaseURL, seriesProblem, sourceCodeProblem, type CheckedQuery, type ExportQuery, type Series, type SeriesQuery } from '@econdata/core';
import { nameProblem, PROFILE_KINDS, PROFILE_NAME_FORM } from '@econdata/keychain';
import { EXPORT_NAME_MAX, exportNameProblem } from '@econdata/sheets';
import type { OperationName, RequestOf } from './contract.ts';
import { below, bool, fail, list, object, oneOf, opt, req, str, tagged, type Check } from './validator.ts';

const AUTH = oneOf(['header', 'query'] as const);
const KIND = oneOf(PROFILE_KINDS);
const CACHE = oneOf(['default', 'no-store', 'allow-stale', 'reload'] as const);

/** Limits that keep one request from tying main up. */
const LIMITS = { queries: 2000, uploadBytes: 64 * 1024 * 1024 } as const;

/** keychain's profile-name rule. */
const profileName: Check<string> = (value, path) => (nameProblem(value) === undefined ? value as string : fail(path, PROFILE_NAME_FORM, value));
/**
 * core's base-URL rule (`readBaseURL`, which the keychain applies too): refused here as the input
 * problem it is, before the keychain would refuse it. The address is kept as given; the keychain stores it normalized.
 */
const baseURL: Check<string> = (value, path) => {
  const reading = typeof value === 'string' && value.length <= 2000 ? readBaseURL(value) : undefined;
  if (reading?.ok === true) return value as string;
  const form = reading?.problem === 'credentials' || reading?.problem === 'query'
    ? 'the service\'s address without a user name, password, query or fragment (the key goes in the key field)'
    : 'the service\'s address, starting with https:// (or http:// for this computer)';
  return fail(path, form, value);
};
const apiKey = str({ min: 8, max: 512, pattern: /^\S+$/, describe: 'an API key of 8 to 512 characters without spaces (copy it again from the provider\'s dashboard)' });
const jobId = str({ max: 64, pattern: /^[A-Za-z0-9_-]+$/, describe: 'a job id of 1 to 64 letters, digits, dashes or underscores' });
/** A source code, judged by core's rule and refused in its sentence (the desktop once let `W.B` through to core). */
const sourceCode: Check<string> = (value, path) => {
  const problem = sourceCodeProblem(value);
  if (problem !== undefined) throw new InvalidParameterError(path, problemSentence(problem, path));
  return value as string;
};
const exportId = str({ max: 200, pattern: /^[A-Za-z0-9][A-Za-z0-9._-]*$/, describe: 'a saved export id (its file name without extension, as the library lists it)' });
/** sheets' export-name rule (a display name: the files are named from it by sheets' fileStem). */
const exportName: Check<string> = (value, path) => {
  if (typeof value === 'string' && exportNameProblem(value) === undefined) return value;
  return fail(path, `a name of 1 to ${EXPORT_NAME_MAX} characters without line breaks or tabs`, value);
};
const transformText = str({ min: 0, max: 200, describe: 'a transform in its text form such as "Units=pc1 MA=4", at most 200 characters' });
/** The transform's text, read by its owner (analysis refuses what it does not know, naming the option) and made canonical. */
const transform: Check<string> = (value, path) => formatTransform(parseTransform(transformText(value, path)));
const destination = oneOf(['library', 'downloads', 'dialog'] as const);

/**
 * A query's fields are core's to judge (codes, years, dates, stock index): the schema knows their
 * names (unknown ones are refused) and then asks core, so a query passes here exactly when core
 * would send it. Core checks the types too, so any value is handed on as it came.
 */
const asGiven: Check<unknown> = (value) => value;
const fieldsNamed = <const K extends string>(names: readonly K[]): Record<K, ReturnType<typeof opt<unknown>>> =>
  Object.fromEntries(names.map((n) => [n, opt(asGiven)])) as Record<K, ReturnType<typeof opt<unknown>>>;
const indicatorFields = fieldsNamed(['source', 'indicator', 'country', 'start_year', 'end_year', 'frequency']);
const tradeFields = fieldsNamed(['flow', 'partner', 'hs_code', 'period', 'start_period', 'end_period']);
const stockFields = fieldsNamed(['symbol', 'index', 'start_date', 'end_date']);

/** The shape's copy, if core finds no problem in it; core's first problem, at its path, otherwise. */
function askCore<T>(shape: Check<unknown>, asQuery: (checked: Record<string, unknown>) => CheckedQuery): Check<T> {
  return (value, path) => {
    const checked = shape(value, path) as Record<string, unknown>;
    const problem = Object.values(queryProblems(asQuery(checked)))[0];
    if (problem !== undefined) throw new InvalidParameterError(below(path, problem.parameter), problemSentence(problem, below(path, problem.parameter)));
    return checked as T;
  };
}
const asKind = (kind: 'indicator' | 'trade' | 'stock') => ({ kind: _k, dataset: _d, ...fields }: Record<string, unknown>): CheckedQuery => ({ ...fields, kind } as CheckedQuery);

/** One SeriesQuery: `kind` picks the fields; unknown fields are refused. */
const seriesQuery = tagged<SeriesQuery>('kind', {
  indicator: askCore(object({ kind: req(oneOf(['indicator'] as const)), ...indicatorFields }), asKind('indicator')),
  trade: askCore(object({ kind: req(oneOf(['trade'] as const)), ...tradeFields }), asKind('trade')),
  stock: askCore(object({ kind: req(oneOf(['stock'] as const)), ...stockFields }), asKind('stock')),
});

/** One ExportQuery: `dataset` picks the fields (absent = indicators, as core reads it). */
const exportQuery = tagged<ExportQuery>('dataset', {
  indicators: askCore(object({ dataset: opt(oneOf(['indicators'] as const)), ...indicatorFields }), asKind('indicator')),
  trade: askCore(object({ dataset: req(oneOf(['trade'] as const)), ...tradeFields }), asKind('trade')),
  stocks: askCore(object({ dataset: req(oneOf(['stocks'] as const)), ...stockFields }), asKind('stock')),
}, 'indicators');

const queries = list(seriesQuery, { min: 1, max: LIMITS.queries });

/**
 * One derived series: its shape here (operands named a to z, each a query core accepts), then
 * analysis's own check (the expression parses, names one operand each, every transform reads), so
 * a bad expression is refused naming its position before any request.
 */
const derivedShape = object({
  expression: req(str({ max: 500, describe: 'an expression over a, b, c ... such as "a/b*100", at most 500 characters' })),
  operands: req(list(object({
    name: req(str({ max: 1, pattern: /^[a-z]$/, describe: 'an operand name, one letter a to z' })),
    query: req(seriesQuery),
    transform: opt(transform),
  }), { min: 1, max: 26 })),
  transform: opt(transform),
  words: opt(str({ max: 120, describe: 'words for the title of at most 120 characters' })),
  preset: opt(oneOf(DERIVED_PRESETS.map((p) => p.id))),
});
const derivedRequest: Check<DerivedRequest> = (value, path) => {
  const checked = derivedShape(value, path) as DerivedRequest;
  derivedQueries(checked);
  return checked;
};
const derivedRequests = list(derivedRequest, { min: 1, max: 200 });
/** An estimate asks about plain queries, derived series' operands, or both: one of them is needed. */
const estimateShape = object({ queries: req(list(seriesQuery, { min: 0, max: LIMITS.queries })), transform: opt(transform), derived: opt(derivedRequests), cache: opt(CACHE) });
const estimate: Check<RequestOf<'series.estimate'>> = (value, path) => {
  const checked = estimateShape(value, path);
  if (checked.queries.length === 0 && !checked.derived) fail(below(path, 'queries'), 'a list of 1 to 2000 items (or give derived series)', checked.queries);
  return checked;
};
/** Recent or favourite searches: a few short texts. */
const searchTexts = list(str({ max: 200, describe: 'a search text of 1 to 200 characters' }), { max: 50 });
const empty = object({});
const cacheOnly = object({ cache: opt(CACHE) });

const base64 = (value: unknown, path: string): string => {
  const max = Math.ceil(LIMITS.uploadBytes / 3) * 4;
  if (typeof value !== 'string' || value.length === 0 || value.length > max || !/^[A-Za-z0-9+/]*={0,2}$/.test(value)) {
    throw new InvalidParameterError(path, `Invalid request: ${path} must be the file's bytes in base64, at most 64 MB; for a bigger file, put it in the library or Downloads folder and open it by path.`);
  }
  return value;
};
/** The chart's right axis and shading kept with an export: line keys, and marks dated by year, month or day. */
const markDate = str({ max: 10, pattern: /^\d{4}(-\d{2}(-\d{2})?)?$/, describe: 'a date as a year (2008), a month (2008-09) or a day (2008-09-15)' });
const markLabel = str({ max: 120, describe: 'a label of 1 to 120 characters' });
const chart = object({
  right_axis: opt(list(str({ max: 600, describe: 'a line key (series id|column key)' }), { max: 100 })),
  marks: opt(list(tagged<Mark>('kind', {
    range: object({ kind: req(oneOf(['range'] as const)), from: req(markDate), to: req(markDate), label: req(markLabel) }),
    line: object({ kind: req(oneOf(['line'] as const)), at: req(markDate), label: req(markLabel) }),
  }), { max: 50 })),
});
type Mark = NonNullable<NonNullable<RequestOf<'exports.writeLocal'>['chart']>['marks']>[number];

/** A series the renderer shows, judged by core's Series rules (the rule its sheets writers rely on). */
const shownSeries: Check<Series> = (value, path) => {
  const problem = seriesProblem(value as Series);
  if (problem !== undefined) throw new InvalidParameterError(path, `Invalid request: ${path} breaks the Series rules: ${problem}. Export again from the chart.`);
  return value as Series;
};
const writeLocalShape = object({
  jobId: opt(jobId), queries: req(queries), format: req(oneOf(['xlsx', 'csv'] as const)), name: req(exportName),
  destination: req(destination), orientation: opt(oneOf(['wide', 'long'] as const)), transform: opt(transform), derived: opt(derivedRequests), dataOnly: opt(bool()),
  chart: opt(chart), series: opt(list(shownSeries, { min: 1, max: LIMITS.queries })),
});
/** The series shown come one per query (or per derived request), in order, as the chart got them. */
const writeLocal: Check<RequestOf<'exports.writeLocal'>> = (value, path) => {
  const checked = writeLocalShape(value, path);
  const asked = checked.derived?.length ?? checked.queries.length;
  if (checked.series && checked.series.length !== asked) {
    fail(below(path, 'series'), `one series per ${checked.derived ? 'derived request' : 'query'} (${asked}), in order`, `${checked.series.length} series`);
  }
  return checked;
};

const fileName = str({ max: 255, pattern: /\.(csv|xlsx)$/i, describe: 'a file name ending in .csv or .xlsx (the explorer reads CSV and XLSX exports)' });
const openCommon = { sourceCode: opt(sourceCode), saveAs: opt(exportName) };

const SCHEMAS: { [N in OperationName]: Check<RequestOf<N>> } = {
  'session.status': empty as Check<RequestOf<'session.status'>>,
  'profiles.list': empty as Check<RequestOf<'profiles.list'>>,
  'profiles.create': object({
    name: req(profileName), baseURL: req(baseURL), plan: req(oneOf(PLAN_NAMES)), authMode: opt(AUTH), kind: opt(KIND), key: opt(apiKey), activate: opt(bool()),
  }),
  'profiles.update': object({ name: req(profileName), baseURL: opt(baseURL), plan: opt(oneOf(PLAN_NAMES)), authMode: opt(AUTH), kind: opt(KIND) }),
  'profiles.remove': object({ name: req(profileName) }),
  'profiles.switch': object({ name: req(profileName) }),
  'profiles.testConnection': object({ name: opt(profileName) }),
  'profiles.rotateKey': object({ name: req(profileName), key: req(apiKey) }),
  'profiles.forgetKey': object({ name: req(profileName) }),
  'catalog.listSources': cacheOnly,
  'catalog.listSourceIndicators': object({ source_code: req(sourceCode), q: opt(str({ max: 100 })), cache: opt(CACHE) }),
  'catalog.listCountries': cacheOnly,
  'catalog.catalogue': cacheOnly,
  'catalog.learnedNames': empty as Check<RequestOf<'catalog.learnedNames'>>,
  'search.memory': empty as Check<RequestOf<'search.memory'>>,
  'search.remember': object({ recent: req(searchTexts), favourites: req(searchTexts) }),
  'settings.preferences': empty as Check<RequestOf<'settings.preferences'>>,
  'settings.setPreferences': object({ nameLanguage: req(oneOf(NAME_LANGUAGES)) }),
  'series.fetch': object({ jobId: opt(jobId), queries: req(queries), transform: opt(transform), priority: opt(oneOf(['interactive', 'background'] as const)), cache: opt(CACHE) }),
  'series.derive': object({ jobId: opt(jobId), requests: req(derivedRequests), cache: opt(CACHE) }),
  'series.estimate': estimate,
  'jobs.cancel': object({ jobId: req(jobId) }),
  'quota.status': empty as Check<RequestOf<'quota.status'>>,
  'connection.check': empty as Check<RequestOf<'connection.check'>>,
  'exports.writeLocal': writeLocal,
  'exports.service': object({
    jobId: opt(jobId), format: req(oneOf(['csv', 'excel'] as const)), query: req(exportQuery), name: req(exportName), destination: req(destination),
  }),
  'images.save': object({
    name: req(exportName), format: req(oneOf(['png', 'svg'] as const)), destination: req(oneOf(['downloads', 'dialog'] as const)),
    data: req(str({ max: LIMITS.uploadBytes, describe: 'the SVG document or the PNG\'s bytes in base64, at most 64 MB' })),
  }),
  'clipboard.write': object({
    png: opt(str({ max: LIMITS.uploadBytes, describe: 'a PNG\'s bytes in base64, at most 64 MB' })),
    text: opt(str({ max: LIMITS.uploadBytes, describe: 'text of at most 64 MB' })),
    html: opt(str({ max: LIMITS.uploadBytes, describe: 'HTML of at most 64 MB' })),
  }),
  'library.list': empty as Check<RequestOf<'library.list'>>,
  'library.open': object({ id: req(exportId) }),
  'library.compare': object({ olderId: req(exportId), newerId: req(exportId) }),
  'library.remove': object({ id: req(exportId) }),
  'library.rerun': object({ jobId: opt(jobId), id: req(exportId) }),
  'library.openFile': tagged<RequestOf<'library.openFile'>>('from', {
    dialog: object({ from: req(oneOf(['dialog'] as const)), ...openCommon }),
    upload: object({ from: req(oneOf(['upload'] as const)), fileName: req(fileName), base64: req(base64), ...openCommon }),
    path: object({ from: req(oneOf(['path'] as const)), path: req(str({ max: 4096 })), ...openCommon }),
  }),
};

/**
 * Checks a request against its operation's schema and returns the checked copy (only known fields).
 *
 * @example validateRequest('profiles.switch', { name: 'prod' }) // { name: 'prod' }
 */
export function validateRequest<N extends OperationName>(name: N, request: unknown): RequestOf<N> {
  const check = SCHEMAS[name] as Check<RequestOf<N>>;
  return check(request, '');
}
