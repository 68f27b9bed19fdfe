/**
 * Vintages kept on this machine. The service has no vintages, so the product builds them from its
 * own history: every DISTINCT answer of a series is kept with the time it was retrieved, and
 * `asOf` gives the series as this machine knew it on a date (ALFRED's idea, from our own fetches).
 *
 * - Keyed like the watch: `watchKey(profile, query)`, never the service's address.
 * - An answer equal to the newest kept one only moves that release's `confirmed_at`.
 * - Compact: the oldest kept release holds the whole series; each later one holds only what
 *   changed against the one before (the cells revised, added or removed; the periods and the
 *   description only when they changed), or the whole series when that is smaller.
 * - Bounded: `maxBytes` per store (one store per connection profile; default 50 MB). Over it, the
 *   OLDEST release of the LARGEST series is dropped, again and again; a series' newest release is
 *   never dropped (a store of single-release series may stay over its bound, and says so).
 * - A damaged record (not JSON, not ours, a release that does not apply) is reported, set aside by
 *   the storage (kept for a person to look at) and the series starts again; other series are untouched.
 *
 * The storage is a small interface over named text records, so the desktop keeps files (node's
 * `FileVintageStorage`) and the add-in keeps IndexedDB or localStorage entries.
 */
import type { Series } from '@econdata/core';
import { SheetsError } from '../errors.ts';

/**
 * Where a store keeps its records: one text per series, by an id the store makes (safe as a file name).
 * @public the add-in implements it over its own storage (IndexedDB or localStorage).
 */
export interface VintageStorage {
  /** Every record's id with its size in bytes. */
  list(): Promise<Array<{ id: string; bytes: number }>>;
  /** A record's text; null when there is none. */
  read(id: string): Promise<string | null>;
  /** Replaces a record as a whole (atomically: a reader sees the old text or the new one). */
  write(id: string, text: string): Promise<void>;
  /** Moves a damaged record out of the way (kept for a person), and says where it went. */
  setAside(id: string): Promise<string>;
}

/** The default bound of one store (one profile): 50 MB of records. */
export const VINTAGE_MAX_BYTES = 50 * 1024 * 1024;

/** One kept release of a series. */
export interface VintageRelease {
  /** When this answer was first retrieved (ISO 8601, UTC). */
  retrieved_at: string;
  /** The last time the same answer was retrieved again (ISO 8601, UTC). */
  confirmed_at: string;
  /** The source's `last_updated` the answer came with. */
  last_updated: string | null;
  /** Values added, revised or removed against the release before (0 for the first kept). */
  changed: number;
}

/** A kept release with the series as it was then. */
export interface Vintage {
  release: VintageRelease;
  series: Series;
}

/** What `record` did with an answer. */
export interface RecordOutcome {
  /** new: kept as a release; confirmed: equal to the newest kept; older: retrieved before the newest kept (ignored); stale: a stale cache answer (ignored). */
  kind: 'new' | 'confirmed' | 'older' | 'stale';
  /** Releases kept for the key afterwards. */
  releases: number;
  /** What the bound dropped to make room (any series of the store). */
  dropped: DroppedRelease[];
  /** A damaged record found and set aside on the way. */
  problem?: VintageProblem;
}

/** One release the bound dropped. */
export interface DroppedRelease {
  key: string;
  retrieved_at: string;
}

/** A record that could not be read, and where the storage put it. */
export interface VintageProblem {
  id: string;
  setAsideAs: string;
  error: SheetsError;
}

export interface VintageStoreOptions {
  storage: VintageStorage;
  /** The bound in bytes (default `VINTAGE_MAX_BYTES`). */
  maxBytes?: number;
}

/** The description of a series: everything but its cells and the moment of retrieval. */
type Meta = Omit<Series, 'periods' | 'values' | 'flags'>;

/** One cell that changed: column index, period, new value (null: no value any more). */
type Cell = [number, string, number | null];

interface FullRelease extends Omit<VintageRelease, 'changed'> {
  series: Omit<Series, 'provenance'> & { provenance: Omit<Series['provenance'], 'retrieved_at'> };
}

interface DeltaRelease extends Omit<VintageRelease, 'changed'> {
  /** The description, when it changed. */
  meta?: Omit<Meta, 'provenance'> & { provenance: Omit<Series['provenance'], 'retrieved_at'> };
  /** The periods, when they changed and the two lists below cannot say it. */
  periods?: string[];
  /** Periods added and removed (the axis stays sorted), when the periods changed. */
  periods_added?: string[];
  periods_removed?: string[];
  flags?: Record<string, boolean[]> | null;
  cells: Cell[];
}

type StoredRelease = FullRelease | DeltaRelease;

interface VintageRecord {
  format: 'econdata-vintages';
  version: 1;
  key: string;
  releases: StoredRelease[];
}

const encoder = new TextEncoder();
const byteLength = (text: string): number => encoder.encode(text).length;

/** FNV-1a, 64 bits: a short, stable, file-safe tag of a key (same in Node and browsers). */
function fnv64(text: string): string {
  let h = 0xcbf29ce484222325n;
  for (const b of encoder.encode(text)) {
    h ^= BigInt(b);
    h = (h * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return h.toString(16).padStart(16, '0');
}

/** The record id of a key: readable, safe as a file or storage name, distinct per key. */
export function vintageId(key: string): string {
  const readable = key.replace(/[^A-Za-z0-9.-]+/g, '-').replace(/^[-.]+|-+$/g, '').slice(0, 80);
  return `${readable}-${fnv64(key)}`;
}

/** A date (YYYY-MM-DD: its end, UTC) or an instant (ISO 8601) as milliseconds. */
function instant(date: string): number {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(date);
  const ms = day ? Date.parse(`${date}T23:59:59.999Z`) : Date.parse(date);
  if (!Number.isFinite(ms)) throw new SheetsError('invalid_period', `"${date}" is not a date: give one as YYYY-MM-DD (or an ISO 8601 time).`);
  return ms;
}

function strip(series: Series): FullRelease['series'] {
  const { retrieved_at: _ignored, stale: _stale, ...provenance } = series.provenance;
  return { ...series, provenance };
}

function metaOf(series: FullRelease['series']): NonNullable<DeltaRelease['meta']> {
  const { periods: _p, values: _v, flags: _f, ...meta } = series;
  return meta;
}

/** The cells that differ between two bodies with the same columns, by period. */
function changedCells(before: FullRelease['series'], after: FullRelease['series']): Cell[] {
  const cells: Cell[] = [];
  after.columns.forEach((_c, ci) => {
    const old = new Map<string, number | null>();
    before.periods.forEach((p, pi) => old.set(p, before.values[ci]?.[pi] ?? null));
    const now = new Map<string, number | null>();
    after.periods.forEach((p, pi) => now.set(p, after.values[ci]?.[pi] ?? null));
    for (const p of new Set([...old.keys(), ...now.keys()])) {
      const a = old.get(p) ?? null;
      const b = now.get(p) ?? null;
      if (!Object.is(a, b)) cells.push([ci, p, b]);
    }
  });
  return cells;
}

const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Whether two answers are the same answer: cells, periods, flags and description (not the retrieval, not last_updated). */
function sameAnswer(a: FullRelease['series'], b: FullRelease['series']): boolean {
  const body = (s: FullRelease['series']) => {
    const { provenance, ...rest } = s;
    return [rest.title, rest.frequency, rest.dimensions, rest.columns, rest.periods, rest.values, rest.flags ?? null, provenance.transform ?? null];
  };
  return sameJson(body(a), body(b));
}

/** The release after `before`, stored against it: a delta, or the whole series when that is smaller. */
function encode(before: FullRelease['series'], after: FullRelease['series'], times: Omit<VintageRelease, 'changed'>): StoredRelease {
  const full: FullRelease = { ...times, series: after };
  if (!sameJson(before.columns.map((c) => c.key), after.columns.map((c) => c.key))) return full;
  const delta: DeltaRelease = { ...times, cells: changedCells(before, after) };
  if (!sameJson(metaOf(before), metaOf(after))) delta.meta = metaOf(after);
  if (!sameJson(before.periods, after.periods)) {
    const old = new Set(before.periods);
    const now = new Set(after.periods);
    const added = after.periods.filter((p) => !old.has(p));
    const removed = before.periods.filter((p) => !now.has(p));
    if (sameJson(movePeriods(before.periods, added, removed), after.periods)) {
      if (added.length > 0) delta.periods_added = added;
      if (removed.length > 0) delta.periods_removed = removed;
    } else delta.periods = after.periods;
  }
  if (!sameJson(before.flags ?? null, after.flags ?? null)) delta.flags = after.flags ?? null;
  return JSON.stringify(delta).length < JSON.stringify(full).length ? delta : full;
}

/** A sorted period axis with periods added and removed. */
function movePeriods(periods: readonly string[], added: readonly string[], removed: readonly string[]): string[] {
  const gone = new Set(removed);
  return [...periods.filter((p) => !gone.has(p)), ...added].sort();
}

function apply(before: FullRelease['series'] | undefined, release: StoredRelease): FullRelease['series'] {
  if ('series' in release) return release.series;
  if (!before) throw new Error('the first kept release holds only changes');
  const meta = release.meta ?? metaOf(before);
  const periods = release.periods ?? (release.periods_added || release.periods_removed ? movePeriods(before.periods, release.periods_added ?? [], release.periods_removed ?? []) : before.periods);
  const edits = new Map<string, number | null>();
  for (const [ci, p, v] of release.cells) {
    if (!Number.isInteger(ci) || ci < 0 || ci >= meta.columns.length) throw new Error(`a change names column ${String(ci)}, which the series does not have`);
    edits.set(`${ci}\u0000${p}`, v);
  }
  const values = meta.columns.map((_c, ci) => {
    const old = new Map<string, number | null>();
    before.periods.forEach((p, pi) => old.set(p, before.values[ci]?.[pi] ?? null));
    return periods.map((p) => {
      const k = `${ci}\u0000${p}`;
      return edits.has(k) ? edits.get(k)! : (old.get(p) ?? null);
    });
  });
  const flags = release.flags === undefined ? before.flags : release.flags;
  return { ...meta, periods, values, ...(flags ? { flags } : {}) };
}

/** Every release of a record, whole, oldest first. */
function materialize(record: VintageRecord): Array<{ times: Omit<VintageRelease, 'changed'>; series: FullRelease['series']; changed: number }> {
  const out: Array<{ times: Omit<VintageRelease, 'changed'>; series: FullRelease['series']; changed: number }> = [];
  let previous: FullRelease['series'] | undefined;
  for (const release of record.releases) {
    const series = apply(previous, release);
    const changed = previous ? changedCells(previous, series).length : 0;
    out.push({ times: { retrieved_at: release.retrieved_at, confirmed_at: release.confirmed_at, last_updated: release.last_updated }, series, changed });
    previous = series;
  }
  return out;
}

function parseRecord(text: string, id: string): VintageRecord {
  const parsed = JSON.parse(text) as Partial<VintageRecord> | null;
  if (parsed?.format !== 'econdata-vintages' || parsed.version !== 1 || typeof parsed.key !== 'string' || !Array.isArray(parsed.releases) || parsed.releases.length === 0) {
    throw new Error(`${id} is not a vintages record of this version`);
  }
  for (const r of parsed.releases) {
    if (typeof r?.retrieved_at !== 'string' || typeof r.confirmed_at !== 'string' || Number.isNaN(Date.parse(r.retrieved_at))) throw new Error('a release has no retrieval time');
    if (!('series' in r) && !Array.isArray((r as DeltaRelease).cells)) throw new Error('a release has neither a series nor changes');
  }
  const record = parsed as VintageRecord;
  materialize(record); // every release must apply
  return record;
}

const dayOf = (iso: string): string => iso.slice(0, 10);

/**
 * The vintages of one profile's series, over a storage. Operations run one at a time.
 * @example const store = new VintageStore({ storage }); await store.record(watchKey(profile, query), series); await store.asOf(key, '2026-03-31')
 */
export class VintageStore {
  readonly maxBytes: number;
  private readonly storage: VintageStorage;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(options: VintageStoreOptions) {
    this.storage = options.storage;
    this.maxBytes = options.maxBytes ?? VINTAGE_MAX_BYTES;
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** The record of a key; a damaged one is set aside and reported (null record). */
  private async load(key: string): Promise<{ record: VintageRecord | null; problem?: VintageProblem }> {
    const id = vintageId(key);
    const text = await this.storage.read(id);
    if (text === null) return { record: null };
    try {
      const record = parseRecord(text, id);
      if (record.key !== key) throw new Error(`it holds "${record.key}", not "${key}"`);
      return { record };
    } catch (cause) {
      const setAsideAs = await this.storage.setAside(id);
      const error = new SheetsError(
        'damaged_vintages',
        `The kept vintages of ${key} could not be read (${(cause as Error).message}); the record was set aside as ${setAsideAs} and this series keeps vintages again from its next answer. Other series are not affected.`,
        { file: setAsideAs, cause },
      );
      return { record: null, problem: { id, setAsideAs, error } };
    }
  }

  /**
   * Keeps an answer of the series `key` (`watchKey(profile, query)`): a new release when it differs
   * from the newest kept one, otherwise that release's `confirmed_at` moves. Then applies the bound.
   */
  record(key: string, series: Series): Promise<RecordOutcome> {
    return this.serial(async () => {
      const { record, problem } = await this.load(key);
      const at = series.provenance.retrieved_at;
      const extra = problem ? { problem } : {};
      if (series.provenance.stale) return { kind: 'stale', releases: record?.releases.length ?? 0, dropped: [], ...extra };
      const answer = strip(series);
      const times = { retrieved_at: at, confirmed_at: at, last_updated: series.provenance.last_updated };
      let kind: RecordOutcome['kind'];
      let next: VintageRecord;
      if (!record) {
        kind = 'new';
        next = { format: 'econdata-vintages', version: 1, key, releases: [{ ...times, series: answer }] };
      } else {
        const all = materialize(record);
        const newest = all[all.length - 1]!;
        if (Date.parse(at) < Date.parse(newest.times.retrieved_at)) return { kind: 'older', releases: all.length, dropped: [], ...extra };
        if (sameAnswer(newest.series, answer)) {
          kind = 'confirmed';
          const last = record.releases[record.releases.length - 1]!;
          if (Date.parse(at) <= Date.parse(last.confirmed_at)) return { kind, releases: all.length, dropped: [], ...extra };
          next = { ...record, releases: [...record.releases.slice(0, -1), { ...last, confirmed_at: at }] };
        } else {
          kind = 'new';
          next = { ...record, releases: [...record.releases, encode(newest.series, answer, times)] };
        }
      }
      await this.storage.write(vintageId(key), JSON.stringify(next));
      const dropped = kind === 'new' ? await this.bound() : [];
      const kept = dropped.filter((d) => d.key === key).length;
      return { kind, releases: next.releases.length - kept, dropped, ...extra };
    });
  }

  /**
   * Keeps the store within `maxBytes`: drops the oldest release of the largest series until the
   * store fits or every series is down to its newest release. Returns what it dropped.
   */
  private async bound(): Promise<DroppedRelease[]> {
    const dropped: DroppedRelease[] = [];
    const sizes = new Map((await this.storage.list()).map((r) => [r.id, r.bytes]));
    const single = new Set<string>();
    const total = () => [...sizes.values()].reduce((a, b) => a + b, 0);
    while (total() > this.maxBytes) {
      const candidates = [...sizes.entries()].filter(([id]) => !single.has(id)).sort((a, b) => b[1] - a[1]);
      const largest = candidates[0];
      if (!largest) break;
      const [id] = largest;
      const text = await this.storage.read(id);
      let record: VintageRecord;
      try {
        record = parseRecord(text ?? '', id);
      } catch {
        single.add(id); // reported when its series is next read
        continue;
      }
      if (record.releases.length <= 1) {
        single.add(id);
        continue;
      }
      // Drop oldest releases until this series is no larger than the next largest, or the store fits.
      const all = materialize(record);
      const floor = candidates[1]?.[1] ?? 0;
      let releases = record.releases;
      let bytes = sizes.get(id)!;
      while (all.length > 1) {
        const gone = all.shift()!;
        dropped.push({ key: record.key, retrieved_at: gone.times.retrieved_at });
        const first = all[0]!;
        releases = [{ ...first.times, series: first.series }, ...record.releases.slice(record.releases.length - all.length + 1)];
        bytes = byteLength(JSON.stringify({ ...record, releases }));
        if (bytes <= floor || total() - sizes.get(id)! + bytes <= this.maxBytes) break;
      }
      await this.storage.write(id, JSON.stringify({ ...record, releases }));
      sizes.set(id, bytes);
    }
    return dropped;
  }

  /** The kept releases of a key, oldest first (empty when none). */
  releases(key: string): Promise<VintageRelease[]> {
    return this.serial(async () => {
      const { record } = await this.load(key);
      return record ? materialize(record).map((r) => ({ ...r.times, changed: r.changed })) : [];
    });
  }

  /** Every kept release with the series as it was, oldest first: the vintage chart's lines. */
  history(key: string): Promise<Vintage[]> {
    return this.serial(async () => {
      const { record } = await this.load(key);
      return record ? materialize(record).map((r) => ({ release: { ...r.times, changed: r.changed }, series: restore(r.series, r.times) })) : [];
    });
  }

  /**
   * The series as this machine knew it on `date` (YYYY-MM-DD, through the end of that day UTC; or
   * an ISO instant): the newest release retrieved on or before it. Never asks the network.
   * Refused (no_vintages) when nothing is kept, and (before_vintages, naming the earliest kept
   * date) when the date is before the first kept release.
   */
  asOf(key: string, date: string): Promise<Vintage> {
    return this.serial(async () => {
      const until = instant(date);
      const { record, problem } = await this.load(key);
      if (!record) {
        throw problem?.error ?? new SheetsError('no_vintages', `No vintages of ${key} are kept on this machine: they are kept from the first time a saved or watched series is fetched. Fetch it now to start.`);
      }
      const all = materialize(record);
      const hit = all.filter((r) => Date.parse(r.times.retrieved_at) <= until).pop();
      if (!hit) {
        const earliest = dayOf(all[0]!.times.retrieved_at);
        throw new SheetsError('before_vintages', `${key} is kept on this machine from ${earliest} on (its first kept release); ${date} is earlier. Choose ${earliest} or later.`);
      }
      return { release: { ...hit.times, changed: hit.changed }, series: restore(hit.series, hit.times) };
    });
  }
}

function restore(series: FullRelease['series'], times: Omit<VintageRelease, 'changed'>): Series {
  return { ...series, provenance: { ...series.provenance, retrieved_at: times.retrieved_at } };
}

/** A storage in memory (tests, and a fallback where nothing persists). */
export class MemoryVintageStorage implements VintageStorage {
  readonly records = new Map<string, string>();
  readonly setAsideRecords = new Map<string, string>();

  list(): Promise<Array<{ id: string; bytes: number }>> {
    return Promise.resolve([...this.records].map(([id, text]) => ({ id, bytes: byteLength(text) })));
  }

  read(id: string): Promise<string | null> {
    return Promise.resolve(this.records.get(id) ?? null);
  }

  write(id: string, text: string): Promise<void> {
    this.records.set(id, text);
    return Promise.resolve();
  }

  setAside(id: string): Promise<string> {
    const as = `${id}.damaged-${this.setAsideRecords.size + 1}`;
    this.setAsideRecords.set(as, this.records.get(id) ?? '');
    this.records.delete(id);
    return Promise.resolve(as);
  }
}
