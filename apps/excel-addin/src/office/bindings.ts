/**
 * Block bindings: what the document remembers about each block the add-in inserted, so Refresh can
 * re-run it after the workbook is closed, e-mailed and reopened. One workbook setting per block,
 * keyed by the block's table name: the table moves with its sheet (moved, renamed), so the binding
 * follows it. Only the queries, their transform and the layout are stored: never a key, a base URL
 * or a user name.
 */
import { formatTransform, optionPairs, parseTransform, type DerivedRequest } from '@econdata/analysis';
import { formatArrangement, readArrangement } from '@econdata/sheets';
import { readNameLanguage, type NameLanguage, type SeriesQuery } from '@econdata/core';
import { readRecipes } from './derived-block.ts';
import type { XContext, XSettings } from './excel-api.ts';

/** Prefix of the workbook settings the add-in owns. */
export const BLOCK_SETTING_PREFIX = 'econdata.block.';

interface BlockLayout {
  orientation: 'wide' | 'long';
  /** Rows above the table's header row: the provenance block and the blank separator. */
  headRows: number;
  /** Columns left of the table: the provenance columns with `Dir=H`, the empty period column with `Dates=N`; 0 otherwise. */
  headColumns: number;
  /** Columns of the block. */
  columns: number;
}

/** The document's record of one inserted block. */
export interface BlockBinding {
  id: string;
  /** The Excel table over the block's header and data. */
  table: string;
  /** A short name for lists ('GDP (current US$): Viet Nam'). */
  title: string;
  queries: SeriesQuery[];
  /** The @econdata/analysis transform of every query, canonical text ('Units=pc1'); absent for none. Refresh re-applies it. */
  transform?: string;
  /** The layout options, sheets' canonical text ('Dir=H Sort=D'); absent for the default layout. Refresh lays out the same way. */
  arrangement?: string;
  /**
   * A block of derived series: their recipes (expression, operand queries and transforms), one per
   * series; `queries` are then the operands' queries. Refresh fetches the operands and computes them again.
   */
  derived?: DerivedRequest[];
  /**
   * The language its series were named in when inserted ('vi'); absent for English. Refresh names
   * them in it again, whatever the Connection tab says now: a refresh changes values, not headers.
   */
  language?: NameLanguage;
  layout: BlockLayout;
  /** The name of the chart drawn beside the block (on its sheet); absent when it has none. */
  chart?: string;
  inserted_at: string;
  refreshed_at: string | null;
  /** True when the last write used data served from an expired cache (service unreachable). */
  stale: boolean;
  /**
   * The block was last written as its series were known on this date (YYYY-MM-DD), from the
   * vintages kept on this computer: Refresh all, Refresh updated and refresh on open leave it as
   * it is; its own Refresh brings today's data back (and drops this).
   */
  asOf?: string;
}

/** A binding found in the document that cannot be used, and why. */
export interface BindingProblem {
  key: string;
  reason: string;
}

/** A fresh block id and its table name (Excel table names: letters, digits, underscores). */
export function newBlockId(now: Date = new Date(), random: () => number = Math.random): { id: string; table: string } {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  const id = `${stamp}${Math.floor(random() * 36 ** 4).toString(36).padStart(4, '0')}`;
  return { id, table: `EconData_${id}` };
}

/** Queues the binding's write (the caller's next sync sends it). */
export function saveBinding(settings: XSettings, binding: BlockBinding): void {
  settings.add(BLOCK_SETTING_PREFIX + binding.table, JSON.stringify(binding));
}

/** Queues the binding's removal (its table is gone). */
export function removeBinding(context: XContext, table: string): void {
  context.workbook.settings.getItemOrNullObject(BLOCK_SETTING_PREFIX + table).delete();
}

function isQuery(q: unknown): q is SeriesQuery {
  return typeof q === 'object' && q !== null && ['indicator', 'trade', 'stock'].includes(String((q as { kind?: unknown }).kind));
}

/** Parses one setting's value, or says what is wrong with it. */
export function parseBinding(key: string, value: unknown): BlockBinding | BindingProblem {
  let raw: unknown = value;
  if (typeof value === 'string') {
    try {
      raw = JSON.parse(value);
    } catch (e) {
      return { key, reason: `its value is not JSON (${(e as Error).message})` };
    }
  }
  const b = raw as Partial<BlockBinding> | null;
  if (!b || typeof b !== 'object') return { key, reason: 'its value is not an object' };
  if (typeof b.table !== 'string' || typeof b.id !== 'string') return { key, reason: 'it names no table' };
  if (!Array.isArray(b.queries) || b.queries.length === 0 || !b.queries.every(isQuery)) return { key, reason: 'it holds no valid query' };
  const layout = b.layout;
  if (!layout || typeof layout.headRows !== 'number' || typeof layout.columns !== 'number') return { key, reason: 'its layout is missing' };
  let transform: string | undefined;
  if (b.transform !== undefined && b.transform !== '') {
    if (typeof b.transform !== 'string') return { key, reason: 'its transform is not text' };
    try {
      transform = formatTransform(parseTransform(b.transform));
    } catch (e) {
      return { key, reason: `its transform "${b.transform}" is refused (${(e as Error).message})` };
    }
  }
  let arrangement: string | undefined;
  if (b.arrangement !== undefined && b.arrangement !== '') {
    try {
      arrangement = formatArrangement(readArrangement(optionPairs(String(b.arrangement))));
    } catch (e) {
      return { key, reason: `its layout options "${String(b.arrangement)}" are refused (${(e as Error).message})` };
    }
  }
  let derived: DerivedRequest[] | undefined;
  if (b.derived !== undefined) {
    const read = readRecipes(b.derived);
    if (typeof read === 'string') return { key, reason: read };
    derived = read;
  }
  return {
    id: b.id,
    table: b.table,
    title: typeof b.title === 'string' ? b.title : b.table,
    queries: b.queries,
    ...(transform ? { transform } : {}),
    ...(arrangement ? { arrangement } : {}),
    ...(derived ? { derived } : {}),
    ...(readNameLanguage(b.language) === 'en' ? {} : { language: readNameLanguage(b.language) }),
    layout: { orientation: layout.orientation === 'long' ? 'long' : 'wide', headRows: layout.headRows, headColumns: typeof layout.headColumns === 'number' ? layout.headColumns : 0, columns: layout.columns },
    ...(typeof b.chart === 'string' && b.chart !== '' ? { chart: b.chart } : {}),
    inserted_at: typeof b.inserted_at === 'string' ? b.inserted_at : '',
    refreshed_at: typeof b.refreshed_at === 'string' ? b.refreshed_at : null,
    stale: b.stale === true,
    ...(typeof b.asOf === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(b.asOf) ? { asOf: b.asOf } : {}),
  };
}

/**
 * Queues the load of every binding; call `read()` after the caller's next sync.
 *
 * @example const pending = loadBindings(context); await context.sync(); const { bindings } = pending.read();
 */
export function loadBindings(context: XContext): { read(): { bindings: BlockBinding[]; problems: BindingProblem[] } } {
  const settings = context.workbook.settings.load('items/key,items/value');
  return {
    read() {
      const bindings: BlockBinding[] = [];
      const problems: BindingProblem[] = [];
      for (const item of settings.items) {
        if (!item.key.startsWith(BLOCK_SETTING_PREFIX)) continue;
        const parsed = parseBinding(item.key, item.value);
        if ('reason' in parsed) problems.push(parsed);
        else bindings.push(parsed);
      }
      bindings.sort((a, b) => a.inserted_at.localeCompare(b.inserted_at));
      return { bindings, problems };
    },
  };
}
