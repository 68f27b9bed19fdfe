/**
 * The request schema of every operation, in valibot (a schema library: see the README for why
 * valibot and not zod). Main runs `validateRequest` before any handler: a request that fails is
 * refused with core's InvalidParameterError, in core's one sentence for a refused value
 * (`refusalSentence`), and nothing is read, written or sent. The contract's request types are
 * inferred from these schemas (contract.ts), so an operation's request is written once, here.
 *
 * The schemas check the request's shape and size; the values other packages own are judged by
 * their owner: a query's codes, years, dates and stock index by core's `queryProblems` (its
 * sentence, at the query's path), a source code by core's `sourceCodeProblem`, a base URL by core's
 * `readBaseURL`, a profile name by keychain, an export name by sheets, a transform and a derived
 * series by analysis. Objects are strict: an unknown field is refused, and what a handler receives
 * is a fresh object holding only the fields its schema knows.
 */
import { DERIVED_PRESETS, derivedQueries, formatTransform, parseTransform, type DerivedRequest } from '@econdata/analysis';
import {
  InvalidParameterError, NAME_LANGUAGES, PLAN_NAMES, problemSentence, queryProblems, readBaseURL, refusalSentence, seriesProblem, sourceCodeProblem,
  type CheckedQuery, type ExportQuery, type Series, type SeriesQuery,
} from '@econdata/core';
import { nameProblem, PROFILE_KINDS, PROFILE_NAME_FORM } from '@econdata/keychain';
import { EXPORT_NAME_MAX, exportNameProblem } from '@econdata/sheets';
import * as v from 'valibot';

/** Limits that keep one request from tying main up. */
const LIMITS = { queries: 2000, uploadBytes: 64 * 1024 * 1024 } as const;

// ---------------------------------------------------------------------------------------------
// How a failed check reads. Every message below is the phrase that follows "expected" in core's
// refusalSentence; a check whose sentence is not "expected X, got Y" (core's problem with a query,
// an unknown field) attaches its own sentence, which is given the value's path when it is known.

type Sentence = (name: string) => string;
type Said = v.BaseIssue<unknown> & { sentence?: Sentence };

/** A message that is a whole sentence (given the name of the value at the end), not a phrase. */
const said = (sentence: Sentence) => (issue: v.BaseIssue<unknown>): string => {
  (issue as Said).sentence = sentence;
  return sentence('');
};

/** The path of a field below `path` ('' is the request itself). */
function below(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return path === '' ? key : `${path}.${key}`;
}

/** A path item for an issue added at a field of `input`. */
const at = (input: Record<string, unknown>, key: string): v.ObjectPathItem => ({ type: 'object', origin: 'value', input, key, value: input[key] });

/** core's InvalidParameterError for the first problem valibot found. */
function refusal(issue: Said): InvalidParameterError {
  const keys = (issue.path ?? []).map((item) => item.key as string | number);
  const path = keys.reduce<string>(below, '');
  if (issue.type === 'strict_object' && issue.expected === 'never') {
    const field = String(keys.at(-1)).slice(0, 40);
    const owner = keys.slice(0, -1).reduce<string>(below, '');
    return new InvalidParameterError(below(owner, field), `Invalid request: ${owner || 'the request'} has an unknown field "${field}"; ${issue.message}.`);
  }
  const name = path || 'request';
  if (issue.sentence) return new InvalidParameterError(name, issue.sentence(name));
  // A required field that is absent: its object reports it, with nothing as the value.
  const expected = issue.type === 'strict_object' && issue.input === undefined ? 'a value' : issue.message;
  return new InvalidParameterError(name, refusalSentence(name, expected, issue.input));
}

// ---------------------------------------------------------------------------------------------
// The building blocks

/** A text of min..max characters (no trimming: what is checked is what is used), optionally matching a pattern. */
function text(describe: string, { min = 1, max = 200, pattern }: { min?: number; max?: number; pattern?: RegExp } = {}): v.GenericSchema<string> {
  const length = v.pipe(v.string(describe), v.minLength(min, describe), v.maxLength(max, describe));
  return pattern === undefined ? length : v.pipe(length, v.regex(pattern, describe));
}
const sized = (max: number) => text(`a text of 1 to ${max} characters`, { max });

/** One of the listed values. */
const oneOf = <const T extends readonly string[]>(values: T) => v.picklist(values, `one of ${values.join(', ')}`);

/** A list of min..max items, each checked. */
function list<T extends v.GenericSchema>(item: T, { min = 0, max }: { min?: number; max: number }) {
  const describe = `a list of ${min === 0 ? 'at most' : `${min} to`} ${max} items`;
  return v.pipe(v.array(item, describe), v.minLength(min, describe), v.maxLength(max, describe));
}

/** An object with exactly these fields (an unknown one is refused); optional ones wrapped in `v.exactOptional`. */
function object<const E extends v.ObjectEntries>(entries: E) {
  const fields = Object.keys(entries).join(', ') || '(none)';
  return v.strictObject(entries, (issue) => (issue.expected === 'never' ? `the fields are ${fields}` : 'an object'));
}
const opt = v.exactOptional;

/** A union told apart by one field (`kind`, `from`, `dataset`). */
function tagged<const K extends string, const O extends v.VariantOptions<K>>(key: K, options: O) {
  const names = (options as unknown as Array<{ entries: Record<string, { expects: string }> }>).map((o) => o.entries[key]!.expects.replaceAll('"', '')).join(', ');
  return v.variant(key, options, (issue) => (issue.path === undefined ? 'an object' : `one of ${names}`));
}

/** A check by the value's owner: its sentence when it refuses, in core's words. */
function owned<T>(problem: (value: unknown) => string | undefined): v.GenericSchema<unknown, T> {
  return v.pipe(
    v.unknown(),
    v.rawCheck(({ dataset, addIssue }) => {
      const expected = problem(dataset.value);
      if (expected !== undefined) addIssue({ message: expected });
    }),
    v.transform((value) => value as T),
  );
}

// ---------------------------------------------------------------------------------------------
// The values the operations share

const AUTH = oneOf(['header', 'query']);
const KIND = oneOf(PROFILE_KINDS);
const CACHE = oneOf(['default', 'no-store', 'allow-stale', 'reload']);
const PRIORITY = oneOf(['interactive', 'background']);

/** keychain's profile-name rule. */
const profileName = owned<string>((value) => (nameProblem(value) === undefined ? undefined : PROFILE_NAME_FORM));
/**
 * core's base-URL rule (`readBaseURL`, which the keychain applies too): refused here as the input
 * problem it is, before the keychain would refuse it. The address is kept as given; the keychain stores it normalized.
 */
const baseURL = owned<string>((value) => {
  const reading = typeof value === 'string' && value.length <= 2000 ? readBaseURL(value) : undefined;
  if (reading?.ok === true) return undefined;
  return reading?.problem === 'credentials' || reading?.problem === 'query'
    ? 'the service\'s address without a user name, password, query or fragment (the key goes in the key field)'
    : 'the service\'s address, starting with https:// (or http:// for this computer)';
});
const apiKey = text('an API key of 8 to 512 characters without spaces (copy it again from the provider\'s dashboard)', { min: 8, max: 512, pattern: /^\S+$/ });
const jobId = text('a job id of 1 to 64 letters, digits, dashes or underscores', { max: 64, pattern: /^[A-Za-z0-9_-]+$/ });
/** A source code, judged by core's rule and refused in its sentence (the desktop once let a `W.B` of 64 characters through to core). */
const sourceCode: v.GenericSchema<unknown, string> = v.pipe(
  v.unknown(),
  v.rawCheck(({ dataset, addIssue }) => {
    const problem = sourceCodeProblem(dataset.value);
    if (problem !== undefined) addIssue({ message: said((name) => problemSentence(problem, name)) });
  }),
  v.transform((value) => value as string),
);
const exportId = text('a saved export id (its file name without extension, as the library lists it)', { pattern: /^[A-Za-z0-9][A-Za-z0-9._-]*$/ });
/** sheets' export-name rule (a display name: the files are named from it by sheets' fileStem). */
const exportName = owned<string>((value) => (typeof value === 'string' && exportNameProblem(value) === undefined ? undefined : `a name of 1 to ${EXPORT_NAME_MAX} characters without line breaks or tabs`));
/** The transform's text, read by its owner (analysis refuses what it does not know, naming the option) and made canonical. */
const transform = v.pipe(
  text('a transform in its text form such as "Units=pc1 MA=4", at most 200 characters', { min: 0 }),
  v.transform((value) => formatTransform(parseTransform(value))),
);
const destination = oneOf(['library', 'downloads', 'dialog']);
/** A watched series' key, as the watchlist lists it (sheets' watchKey). */
const watchKey = text('a watched series\' key, as the watchlist lists it', { max: 1000 });

/**
 * A query's fields are core's to judge (codes, years, dates, stock index): the schema knows their
 * names (unknown ones are refused) and then asks core, so a query passes here exactly when core
 * would send it, and a refusal is core's sentence with the field's path (`queries[1].country`).
 */
const given = <const K extends string>(names: readonly K[]) => Object.fromEntries(names.map((n) => [n, opt(v.unknown())])) as Record<K, v.ExactOptionalSchema<v.UnknownSchema, undefined>>;
const INDICATOR = given(['source', 'indicator', 'country', 'start_year', 'end_year', 'frequency']);
const TRADE = given(['flow', 'partner', 'hs_code', 'period', 'start_period', 'end_period']);
const STOCK = given(['symbol', 'index', 'start_date', 'end_date']);

/**
 * A query's kind picks its fields; then core judges their values: its first problem is added at its
 * parameter's path, in core's sentence.
 */
function askCore<T>(variants: v.VariantSchema<string, v.VariantOptions<string>, v.ErrorMessage<v.VariantIssue> | undefined>, kindOf: (query: Record<string, unknown>) => CheckedQuery['kind']) {
  return v.pipe(
    variants,
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const { kind: _kind, dataset: _dataset, ...fields } = dataset.value as Record<string, unknown>;
      const problem = Object.values(queryProblems({ ...fields, kind: kindOf(dataset.value as Record<string, unknown>) } as CheckedQuery))[0];
      if (problem !== undefined) {
        addIssue({ message: said((name) => problemSentence(problem, name)), input: problem.value, path: [at(dataset.value as Record<string, unknown>, problem.parameter)] });
      }
    }),
    v.transform((value) => value as T),
  );
}

/** One SeriesQuery: `kind` picks the fields. */
const seriesQuery = askCore<SeriesQuery>(tagged('kind', [
  object({ kind: v.literal('indicator'), ...INDICATOR }),
  object({ kind: v.literal('trade'), ...TRADE }),
  object({ kind: v.literal('stock'), ...STOCK }),
]), (query) => query.kind as CheckedQuery['kind']);

/** One ExportQuery: `dataset` picks the fields (absent = indicators, as core reads it). */
const DATASET_KIND = { indicators: 'indicator', trade: 'trade', stocks: 'stock' } as const;
const exportQuery = askCore<ExportQuery>(tagged('dataset', [
  object({ dataset: opt(v.literal('indicators')), ...INDICATOR }),
  object({ dataset: v.literal('trade'), ...TRADE }),
  object({ dataset: v.literal('stocks'), ...STOCK }),
]), (query) => DATASET_KIND[(query.dataset ?? 'indicators') as keyof typeof DATASET_KIND]);

const queries = list(seriesQuery, { min: 1, max: LIMITS.queries });

/**
 * One derived series: its shape here (operands named a to z, each a query core accepts), then
 * analysis's own check (the expression parses, names one operand each, every transform reads), so
 * a bad expression is refused naming its position before any request.
 */
const derivedRequest = v.pipe(
  object({
    expression: text('an expression over a, b, c ... such as "a/b*100", at most 500 characters', { max: 500 }),
    operands: list(object({
      name: text('an operand name, one letter a to z', { max: 1, pattern: /^[a-z]$/ }),
      query: seriesQuery,
      transform: opt(transform),
    }), { min: 1, max: 26 }),
    transform: opt(transform),
    words: opt(text('words for the title of at most 120 characters', { max: 120 })),
    preset: opt(oneOf(DERIVED_PRESETS.map((p) => p.id))),
  }),
  v.transform((request) => {
    derivedQueries(request as DerivedRequest);
    return request as DerivedRequest;
  }),
);
const derivedRequests = list(derivedRequest, { min: 1, max: 200 });

/** An estimate asks about plain queries, derived series' operands, or both: one of them is needed. */
const estimate = v.pipe(
  object({ queries: list(seriesQuery, { max: LIMITS.queries }), transform: opt(transform), derived: opt(derivedRequests), cache: opt(CACHE) }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (dataset.typed && dataset.value.queries.length === 0 && dataset.value.derived === undefined) {
      addIssue({ message: 'a list of 1 to 2000 items (or give derived series)', input: [], path: [at(dataset.value, 'queries')] });
    }
  }),
);

/** Recent or favourite searches: a few short texts. */
const searchTexts = list(text('a search text of 1 to 200 characters'), { max: 50 });
const empty = object({});
const cacheOnly = object({ cache: opt(CACHE) });

const base64 = v.pipe(
  v.unknown(),
  v.rawCheck(({ dataset, addIssue }) => {
    const value = dataset.value;
    if (typeof value !== 'string' || value.length === 0 || value.length > Math.ceil(LIMITS.uploadBytes / 3) * 4 || !/^[A-Za-z0-9+/]*={0,2}$/.test(value)) {
      addIssue({ message: said((name) => `Invalid request: ${name} must be the file's bytes in base64, at most 64 MB; for a bigger file, put it in the library or Downloads folder and open it by path.`) });
    }
  }),
  v.transform((value) => value as string),
);
/** The chart's right axis and shading kept with an export: line keys, and marks dated by year, month or day. */
const markDate = text('a date as a year (2008), a month (2008-09) or a day (2008-09-15)', { max: 10, pattern: /^\d{4}(-\d{2}(-\d{2})?)?$/ });
const markLabel = text('a label of 1 to 120 characters', { max: 120 });
const chart = object({
  right_axis: opt(list(text('a line key (series id|column key)', { max: 600 }), { max: 100 })),
  marks: opt(list(tagged('kind', [
    object({ kind: v.literal('range'), from: markDate, to: markDate, label: markLabel }),
    object({ kind: v.literal('line'), at: markDate, label: markLabel }),
  ]), { max: 50 })),
});

/** A series the renderer shows, judged by core's Series rules (what sheets' writers rely on). */
const shownSeries = v.pipe(
  v.unknown(),
  v.rawCheck(({ dataset, addIssue }) => {
    const problem = seriesProblem(dataset.value as Series);
    if (problem !== undefined) addIssue({ message: said((name) => `Invalid request: ${name} breaks the Series rules: ${problem}. Export again from the chart.`) });
  }),
  v.transform((value) => value as Series),
);

const fileName = text('a file name ending in .csv or .xlsx (the explorer reads CSV and XLSX exports)', { max: 255, pattern: /\.(csv|xlsx)$/i });
const openCommon = { sourceCode: opt(sourceCode), saveAs: opt(exportName) };
const upload = (describe: string) => text(describe, { max: LIMITS.uploadBytes });

// ---------------------------------------------------------------------------------------------
// Every operation's request

const SCHEMAS = {
  'session.status': empty,
  'profiles.list': empty,
  'profiles.create': object({
    name: profileName, baseURL, plan: oneOf(PLAN_NAMES), authMode: opt(AUTH), kind: opt(KIND),
    /** Saved to the keychain after one check request to the service; never returned. */
    key: opt(apiKey),
    /** Make it the active profile (default true). */
    activate: opt(v.boolean('true or false')),
  }),
  /**
   * A saved key is bound to the address's origin: moving the profile to another scheme, host or
   * port deletes it (the profile then has no key, and the Connection screen asks for one) unless
   * `key` comes with the change, checked against the new address and saved with it.
   */
  'profiles.update': object({ name: profileName, baseURL: opt(baseURL), plan: opt(oneOf(PLAN_NAMES)), authMode: opt(AUTH), kind: opt(KIND), key: opt(apiKey) }),
  'profiles.remove': object({ name: profileName }),
  'profiles.switch': object({ name: profileName }),
  'profiles.testConnection': object({ name: opt(profileName) }),
  'profiles.rotateKey': object({ name: profileName, key: apiKey }),
  'profiles.forgetKey': object({ name: profileName }),
  'catalog.listSources': cacheOnly,
  'catalog.listSourceIndicators': object({ source_code: sourceCode, q: opt(sized(100)), cache: opt(CACHE) }),
  'catalog.listCountries': cacheOnly,
  'catalog.catalogue': cacheOnly,
  'catalog.learnedNames': empty,
  'search.memory': empty,
  'search.remember': object({ recent: searchTexts, favourites: searchTexts }),
  'settings.preferences': empty,
  'settings.setPreferences': object({ nameLanguage: oneOf(NAME_LANGUAGES) }),
  'series.fetch': object({ jobId: opt(jobId), queries, transform: opt(transform), priority: opt(PRIORITY), cache: opt(CACHE) }),
  'series.derive': object({ jobId: opt(jobId), requests: derivedRequests, cache: opt(CACHE) }),
  'series.estimate': estimate,
  'jobs.cancel': object({ jobId }),
  'vintages.releases': object({ queries, transform: opt(transform) }),
  /** `date`: YYYY-MM-DD (through the end of that day, UTC) or an ISO 8601 time (a release's own). */
  'vintages.asOf': object({ queries, transform: opt(transform), date: text('a date as YYYY-MM-DD (or an ISO 8601 time)', { max: 40, pattern: /^\d{4}-\d{2}-\d{2}(T[0-9:.]+Z)?$/ }) }),
  'vintages.history': object({ query: seriesQuery, transform: opt(transform) }),
  'quota.status': empty,
  'connection.check': empty,
  'exports.writeLocal': v.pipe(object({
    jobId: opt(jobId),
    /** What the series are of: a saved export keeps them for its re-run. Fetched as shown only when `series` is not given. */
    queries,
    /**
     * The series the chart shows, one per query (or per derived request), in order: the file holds
     * exactly these numbers and nothing is fetched. The explorer always sends them; without them
     * main fetches `queries` as shown (past the cache's hour that is a new request, and the
     * service may have revised since the chart).
     */
    series: opt(list(shownSeries, { min: 1, max: LIMITS.queries })),
    format: oneOf(['xlsx', 'csv']),
    /** A person's name for it: the file name and the library entry. */
    name: exportName,
    destination,
    orientation: opt(oneOf(['wide', 'long'])),
    /** What the chart shows: the same transform (and common frequency) as `series.fetch`; kept in a saved export. */
    transform: opt(transform),
    /**
     * Derived series instead (as `series.derive` computes them): the file holds them, `queries` are
     * their operands' queries, and a saved export keeps the recipes for its re-run.
     */
    derived: opt(derivedRequests),
    /**
     * CSV only, not to the library: the data block alone (header on the first line, no BOM: what
     * pandas.read_csv reads as is) and its provenance in `<name>.provenance.json` beside it (sheets' writeDataCsv).
     */
    dataOnly: opt(v.boolean('true or false')),
    /** The chart's right axis and shading (sheets' SavedChart): a saved export keeps them and reopens charted the same. */
    chart: opt(chart),
    /**
     * A saved export's id: its series read from its file (offline, nothing fetched) under `transform`,
     * as `library.open` shows them, instead of fetching `queries`. To Downloads or a file you choose:
     * it is already in Saved exports.
     */
    saved: opt(exportId),
  }), v.rawCheck(({ dataset, addIssue }) => {
    // The series shown come one per query (or per derived request), in order, as the chart got them.
    if (!dataset.typed || dataset.value.series === undefined) return;
    const asked = dataset.value.derived?.length ?? dataset.value.queries.length;
    if (dataset.value.series.length !== asked) {
      addIssue({ message: `one series per ${dataset.value.derived ? 'derived request' : 'query'} (${asked}), in order`, input: `${dataset.value.series.length} series`, path: [at(dataset.value, 'series')] });
    }
  })),
  'exports.service': object({ jobId: opt(jobId), format: oneOf(['csv', 'excel']), query: exportQuery, name: exportName, destination }),
  'images.save': object({
    /** The display name the file is named from (sheets' export-name rule and fileStem, as exports). */
    name: exportName,
    format: oneOf(['png', 'svg']),
    destination: oneOf(['downloads', 'dialog']),
    /** The SVG document (format 'svg') or the PNG's bytes in base64 (format 'png'). */
    data: upload('the SVG document or the PNG\'s bytes in base64, at most 64 MB'),
  }),
  'clipboard.write': object({
    /** A PNG's bytes in base64. */
    png: opt(upload('a PNG\'s bytes in base64, at most 64 MB')),
    text: opt(upload('text of at most 64 MB')),
    html: opt(upload('HTML of at most 64 MB')),
  }),
  'library.list': empty,
  /** With `transform`: the export's series shown under it (nothing fetched). */
  'library.open': object({ id: exportId, transform: opt(transform) }),
  'library.compare': object({ olderId: exportId, newerId: exportId }),
  'library.remove': object({ id: exportId }),
  'library.rerun': object({ jobId: opt(jobId), id: exportId }),
  'library.openFile': tagged('from', [
    object({ from: v.literal('dialog'), ...openCommon }),
    /** Web mode: the bytes of a file the user picked, base64 (at most 64 MB). */
    object({ from: v.literal('upload'), fileName, base64, ...openCommon }),
    /** A path inside an allowed folder (the library, Downloads, ECONDATA_HOME). */
    object({ from: v.literal('path'), path: sized(4096), ...openCommon }),
  ]),
  'watch.list': empty,
  'watch.pin': tagged('from', [
    /** The chart's series: one per query, in order, as shown (kept as the last look; nothing is fetched). */
    object({ from: v.literal('shown'), queries, transform: opt(transform), series: list(shownSeries, { min: 1, max: LIMITS.queries }) }),
    /** A saved export's series (read from its file: nothing is fetched). */
    object({ from: v.literal('saved'), id: exportId }),
  ]),
  'watch.unpin': object({ keys: list(watchKey, { min: 1, max: LIMITS.queries }) }),
  'watch.check': empty,
  'watch.changes': empty,
  'watch.seen': object({ keys: opt(list(watchKey, { min: 1, max: LIMITS.queries })) }),
};

/** Every operation's request, as its schema checks it: what contract.ts calls `RequestOf<N>`. */
export type Requests = { [N in keyof typeof SCHEMAS]: v.InferOutput<(typeof SCHEMAS)[N]> };

/** Drops fields whose value is undefined (absent, as JSON would send it; Electron's IPC keeps them). */
function withoutUndefined(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutUndefined);
  if (typeof value !== 'object' || value === null || ![Object.prototype, null].includes(Object.getPrototypeOf(value) as object | null)) return value;
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined).map(([k, v]) => [k, withoutUndefined(v)]));
}

/**
 * Checks a request against its operation's schema and returns the checked copy (only known
 * fields), or throws core's InvalidParameterError for the first problem.
 *
 * @example validateRequest('profiles.switch', { name: 'prod' }) // { name: 'prod' }
 */
export function validateRequest<N extends keyof Requests>(name: N, request: unknown): Requests[N] {
  const result = v.safeParse(SCHEMAS[name] as unknown as v.GenericSchema<unknown, Requests[N]>, withoutUndefined(request), { abortEarly: true });
  if (!result.success) throw refusal(result.issues[0] as Said);
  return result.output;
}
