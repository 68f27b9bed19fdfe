/**
 * The manifest of a saved export: a small JSON file beside the data file saying what it holds,
 * where it came from and how to fetch it again, plus the data file's SHA-256 so a changed file is
 * noticed. Plain JSON a person can read and keep in git.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Provenance, SeriesQuery } from '@econdata/core';
import { SheetsError } from '../../errors.ts';
import type { Orientation } from '../../grid/types.ts';

export type ExportFormat = 'xlsx' | 'csv';

/**
 * A derived series as saved: @econdata/analysis's DerivedRequest as plain data (an expression over
 * operands a, b ... each a query with its own transform, then the result's transform). A re-run
 * fetches the operands and computes it again; sheets only keeps and checks the shape.
 */
export interface SavedDerivation {
  expression: string;
  operands: Array<{ name: string; query: SeriesQuery; transform?: string }>;
  transform?: string;
  /** Words after the first operand's title ('per capita'). */
  words?: string;
  /** The preset that made it ('per_capita' ...). */
  preset?: string;
}

/**
 * How the explorer drew the series, kept so a reopened export is charted the same: the lines read
 * on a right axis (`<series id>|<column key>`) and the shaded periods and dated event lines (dates
 * as a year, a month or a day). Sheets keeps and checks the shape; the explorer draws it.
 */
export interface SavedChart {
  right_axis?: string[];
  marks?: Array<{ kind: 'range'; from: string; to: string; label: string } | { kind: 'line'; at: string; label: string }>;
}

export interface ExportManifest {
  format_version: 1;
  /** The file stem shared by the data file and the manifest: what open/rerun/compare take. */
  id: string;
  /** The name a person gave it. */
  name: string;
  /** ISO 8601, UTC. */
  created_at: string;
  product_version: string;
  format: ExportFormat;
  orientation: Orientation;
  /** The data file's name, in the same folder. */
  data_file: string;
  /** SHA-256 of the data file, hex. */
  sha256: string;
  /**
   * The data file's size in bytes, so listing can tell a file cut short without reading it.
   * Absent in manifests written before it was recorded: those are checked by their SHA-256.
   */
  bytes?: number;
  /** The queries that produced the data, without duplicates: what a re-run fetches. */
  queries: SeriesQuery[];
  series: Array<{ id: string; title: string; provenance: Provenance }>;
  /** The @econdata/analysis transform the series were shown with (canonical text); a re-run applies it again. */
  transform?: string;
  /**
   * Derived series, one per entry, in the order of the data: then `queries` are their operands'
   * queries (what was fetched), and a re-run computes each again from them.
   */
  derived?: SavedDerivation[];
  /** The chart's right axis and shading, as shown when it was exported. */
  chart?: SavedChart;
  /** The export this one re-ran, if any. */
  rerun_of?: string;
}

/** SHA-256 of a file, hex. */
export async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Derived series as canonical JSON, to tell two exports' recipes apart. */
export function canonicalDerived(derived: readonly SavedDerivation[] | undefined): string {
  return JSON.stringify((derived ?? []).map((d) => ({
    expression: d.expression.replace(/\s+/g, ''),
    operands: d.operands.map((o) => [o.name, canonicalQuery(o.query), o.transform ?? '']),
    transform: d.transform ?? '',
  })));
}

/** A query as canonical JSON (keys sorted), to tell equal queries apart from different ones. */
export function canonicalQuery(query: SeriesQuery): string {
  const entries = Object.entries(query).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(Object.fromEntries(entries));
}

/** Queries without duplicates, in first-seen order. */
export function uniqueQueries(queries: readonly SeriesQuery[]): SeriesQuery[] {
  const seen = new Map<string, SeriesQuery>();
  for (const q of queries) if (!seen.has(canonicalQuery(q))) seen.set(canonicalQuery(q), q);
  return [...seen.values()];
}

/** Checks a parsed manifest's shape; throws a corrupt_manifest error naming what is wrong. */
export function validateManifest(value: unknown, file: string): ExportManifest {
  const fail = (what: string): never => {
    throw new SheetsError('corrupt_manifest', `${file}: ${what}. This saved export cannot be opened: restore the manifest from a copy, or delete it and its data file.`, { file });
  };
  if (typeof value !== 'object' || value === null) return fail('not a JSON object');
  const m = value as Record<string, unknown>;
  if (m['format_version'] !== 1) fail(`unknown format_version ${JSON.stringify(m['format_version'])}`);
  for (const key of ['id', 'name', 'created_at', 'product_version', 'data_file', 'sha256'] as const) {
    if (typeof m[key] !== 'string' || m[key] === '') fail(`"${key}" is missing or not text`);
  }
  if (m['format'] !== 'xlsx' && m['format'] !== 'csv') fail(`"format" must be "xlsx" or "csv"`);
  if (m['orientation'] !== 'wide' && m['orientation'] !== 'long') fail(`"orientation" must be "wide" or "long"`);
  if (!/^[0-9a-f]{64}$/.test(String(m['sha256']))) fail('"sha256" is not a SHA-256 hex digest');
  if (Number.isNaN(Date.parse(String(m['created_at'])))) fail('"created_at" is not a date');
  if (m['bytes'] !== undefined && !(Number.isSafeInteger(m['bytes']) && (m['bytes'] as number) >= 0)) fail('"bytes" is not a whole number of bytes');
  if (!Array.isArray(m['queries'])) fail('"queries" is not a list');
  if (!Array.isArray(m['series'])) fail('"series" is not a list');
  // What a listing shows and a re-run sends: a damaged entry here would fail far from the file.
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  (m['queries'] as unknown[]).forEach((q, i) => {
    if (!isObject(q) || typeof q['kind'] !== 'string') fail(`queries[${i}] is not a query`);
  });
  (m['series'] as unknown[]).forEach((s, i) => {
    if (!isObject(s) || typeof s['id'] !== 'string' || typeof s['title'] !== 'string' || !isObject(s['provenance'])) fail(`series[${i}] lacks its id, title or provenance`);
  });
  if (m['transform'] !== undefined && typeof m['transform'] !== 'string') fail('"transform" is not text');
  if (m['derived'] !== undefined) {
    if (!Array.isArray(m['derived'])) fail('"derived" is not a list');
    const optionalText = (o: Record<string, unknown>, key: string): boolean => o[key] === undefined || typeof o[key] === 'string';
    (m['derived'] as unknown[]).forEach((d, i) => {
      if (!isObject(d) || typeof d['expression'] !== 'string' || !Array.isArray(d['operands']) || d['operands'].length === 0) fail(`derived[${i}] lacks its expression or operands`);
      const entry = d as Record<string, unknown>;
      if (!['transform', 'words', 'preset'].every((k) => optionalText(entry, k))) fail(`derived[${i}] has a transform, words or preset that is not text`);
      (entry['operands'] as unknown[]).forEach((o, j) => {
        if (!isObject(o) || typeof o['name'] !== 'string' || !isObject(o['query']) || typeof o['query']['kind'] !== 'string' || !optionalText(o, 'transform')) fail(`derived[${i}].operands[${j}] is not a named query`);
      });
    });
  }
  if (m['chart'] !== undefined) {
    const c = m['chart'];
    if (!isObject(c)) fail('"chart" is not an object');
    const chart = c as Record<string, unknown>;
    if (chart['right_axis'] !== undefined && !(Array.isArray(chart['right_axis']) && chart['right_axis'].every((k) => typeof k === 'string'))) fail('chart.right_axis is not a list of line keys');
    if (chart['marks'] !== undefined) {
      if (!Array.isArray(chart['marks'])) fail('chart.marks is not a list');
      const text = (o: Record<string, unknown>, keys: readonly string[]): boolean => keys.every((k) => typeof o[k] === 'string');
      (chart['marks'] as unknown[]).forEach((mark, i) => {
        const ok = isObject(mark) && ((mark['kind'] === 'range' && text(mark, ['from', 'to', 'label'])) || (mark['kind'] === 'line' && text(mark, ['at', 'label'])));
        if (!ok) fail(`chart.marks[${i}] is neither a shaded period (from, to, label) nor an event line (at, label)`);
      });
    }
  }
  const dataFile = String(m['data_file']);
  // A name, not a path: "." and ".." are the folder and its parent (reading them gave a raw EISDIR).
  if (/[/\\]/.test(dataFile) || dataFile.includes('\0') || dataFile === '.' || dataFile === '..') fail(`"data_file" ${JSON.stringify(dataFile)} must be a file name in the same folder`);
  return value as ExportManifest;
}
