/**
 * What the compare view highlights and says: sheets' revision diff indexed by series, column and
 * period so a table cell finds its change in O(1), and a summary in sentences.
 */
import type { RevisionDiff } from '@econdata/sheets';
import type { TableColumn } from '../series/table-model.ts';

/** How a cell changed between the older and the newer export. */
export type CellChange =
  | { kind: 'revised'; old: number; new: number; change: number }
  | { kind: 'added'; value: number }
  | { kind: 'removed'; value: number };

/** Changes by `seriesId \u0000 column \u0000 period`. */
export type ChangeIndex = Map<string, CellChange>;

const keyOf = (seriesId: string, column: string, period: string): string => `${seriesId}\u0000${column}\u0000${period}`;

/** Indexes every added, removed and revised value of a diff. */
export function changeIndex(diff: RevisionDiff): ChangeIndex {
  const index: ChangeIndex = new Map();
  for (const s of diff.changed) {
    for (const r of s.revised) index.set(keyOf(s.id, r.column, r.period), { kind: 'revised', old: r.old, new: r.new, change: r.change });
    for (const a of s.added) index.set(keyOf(s.id, a.column, a.period), { kind: 'added', value: a.value });
    for (const d of s.removed) index.set(keyOf(s.id, d.column, d.period), { kind: 'removed', value: d.value });
  }
  return index;
}

/** The change shown in a table cell, if any (value columns only). */
export function cellChange(index: ChangeIndex, column: TableColumn, period: string): CellChange | undefined {
  if (column.role !== 'value' || column.seriesId === undefined || column.key === undefined) return undefined;
  return index.get(keyOf(column.seriesId, column.key, period));
}

const plural = (n: number, one: string, many = `${one}s`): string => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** What changed, as sentences a person reads first ("2 values revised in GDP: Viet Nam."). */
export function diffSummary(diff: RevisionDiff): string[] {
  const lines: string[] = [];
  for (const s of diff.changed) {
    const parts: string[] = [];
    if (s.revised.length) parts.push(`${plural(s.revised.length, 'value')} revised`);
    if (s.added.length) parts.push(`${plural(s.added.length, 'value')} added`);
    if (s.removed.length) parts.push(`${plural(s.removed.length, 'value')} removed`);
    lines.push(`${s.title}: ${parts.join(', ')}.`);
  }
  for (const s of diff.seriesAdded) lines.push(`${s.title}: new in the newer export.`);
  for (const s of diff.seriesRemoved) lines.push(`${s.title}: only in the older export.`);
  if (lines.length === 0) lines.push(`No value changed: the ${plural(diff.unchanged.length, 'series', 'series')} ${diff.unchanged.length === 1 ? 'is' : 'are'} identical in both exports.`);
  return lines;
}

const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** The first `max` revisions, one line each: "GDP: Vietnam, 2022: 405,142 → 413,445 (+2.04%)". */
export function revisionLines(diff: RevisionDiff, max = 5): string[] {
  const all = diff.changed.flatMap((s) => s.revised.map((r) => ({ title: s.title, ...r })));
  const lines = all.slice(0, max).map((r) => {
    const pct = r.old !== 0 ? ` (${r.change >= 0 ? '+' : ''}${number.format((r.change / Math.abs(r.old)) * 100)}%)` : '';
    return `${r.title}, ${r.period}${r.column === 'value' ? '' : ` ${r.column}`}: ${number.format(r.old)} → ${number.format(r.new)}${pct}`;
  });
  if (all.length > max) lines.push(`and ${all.length - max} more revised values (highlighted in the table)`);
  return lines;
}
