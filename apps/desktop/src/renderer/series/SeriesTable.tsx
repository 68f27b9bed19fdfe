/**
 * The series table: one row per period, one column per series column, virtualized with TanStack
 * Virtual so 100,000 rows keep a few dozen DOM rows. Cells are read from the table model on demand
 * (sheets' display formatting: the unit's precision, "More decimals" for more, every digit on
 * hover). What every column's name shares is said once above it; each header keeps its own part.
 * Columns are as wide as their header words and values need, so five countries fit a 1280 px
 * window; a wider table scrolls sideways under a sticky period column. Focusable: arrow keys,
 * Page Up/Down, Home/End scroll it.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Button, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import type { CellChange } from '../library/compare-model.ts';
import { tableHeaders, type TableModel } from './table-model.ts';

const ROW_HEIGHT = 30;
const PERIOD_WIDTH = 112;
const VALUE_WIDTH = 188;
const NARROW_VALUE_WIDTH = 84;
/** About the width of a character of the cells' and headers' text, and a cell's side padding. */
const CHAR_WIDTH = 7.4;
const PADDING = 18;
/** Rows whose texts size a column (spread over the table: 100,000 rows are never all formatted). */
const SAMPLED_ROWS = 240;
const MAX_EXTRA_DECIMALS = 6;

const useStyles = makeStyles({
  root: { height: '100%', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minHeight: '160px' },
  caption: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexShrink: 0, minHeight: '24px' },
  shared: { flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  decimals: { color: tokens.colorNeutralForeground3, whiteSpace: 'nowrap' },
  scroller: {
    flex: 1,
    // The border inside the height: a table box of 180 px is 180 px, not 182 over what follows.
    boxSizing: 'border-box',
    minHeight: '120px',
    overflow: 'auto',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
  header: {
    position: 'sticky',
    top: 0,
    zIndex: 1,
    display: 'flex',
    backgroundColor: tokens.colorNeutralBackground3,
    borderBottom: `1px solid ${tokens.colorNeutralStroke1}`,
    fontWeight: tokens.fontWeightSemibold,
    fontSize: tokens.fontSizeBase200,
  },
  row: { position: 'absolute', left: 0, display: 'flex', borderBottom: `1px solid ${tokens.colorNeutralStroke3}` },
  cell: {
    flexShrink: 0,
    boxSizing: 'border-box',
    padding: `0 ${tokens.spacingHorizontalS}`,
    lineHeight: `${ROW_HEIGHT - 1}px`,
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    fontSize: tokens.fontSizeBase300,
  },
  // Three lines at most (the full header is its tooltip): a wide fetch's long names stay readable.
  headCell: { lineHeight: '16px', padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`, whiteSpace: 'normal' },
  clamp: { display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' },
  numeric: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
  period: { position: 'sticky', left: 0, backgroundColor: 'inherit', fontVariantNumeric: 'tabular-nums' },
  zebra: { backgroundColor: tokens.colorNeutralBackground2 },
  plain: { backgroundColor: tokens.colorNeutralBackground1 },
  revised: { backgroundColor: tokens.colorPaletteYellowBackground2, fontWeight: tokens.fontWeightSemibold },
  added: { backgroundColor: tokens.colorPaletteGreenBackground2 },
  removed: { backgroundColor: tokens.colorPaletteRedBackground2, textDecoration: 'line-through' },
  empty: { padding: tokens.spacingHorizontalL, color: tokens.colorNeutralForeground3 },
});

export interface SeriesTableProps {
  model: TableModel;
  /** What the table shows, for screen readers. */
  label: string;
  /** A change to highlight in a cell (the compare view). */
  changeAt?: (row: number, column: number) => CellChange | undefined;
}

const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 });

/** The text a highlighted cell explains itself with (tooltip and screen readers). */
function changeText(change: CellChange): string {
  switch (change.kind) {
    case 'revised':
      return `Revised from ${number.format(change.old)} to ${number.format(change.new)} (${change.change >= 0 ? '+' : ''}${number.format(change.change)})`;
    case 'added':
      return `New value ${number.format(change.value)}: not in the older export`;
    case 'removed':
      return `Value ${number.format(change.value)} is only in the older export`;
  }
}

/** The longest text among rows spread over the table (its first and last included) of column c. */
function longestText(model: TableModel, c: number, extra: number): number {
  const step = Math.max(1, Math.floor(model.rowCount / SAMPLED_ROWS));
  let longest = 0;
  for (let r = 0; r < model.rowCount; r += step) longest = Math.max(longest, model.text(r, c, extra).length);
  if (model.rowCount > 0) longest = Math.max(longest, model.text(model.rowCount - 1, c, extra).length);
  return longest;
}

/**
 * Each column's least width: a value column as wide as its values and its header's longest word
 * (the header wraps to three lines), between 84 and 188 px; columns then share what is left.
 */
function columnWidths(model: TableModel, labels: readonly string[], extra: number): number[] {
  return model.columns.map((c, i) => {
    if (c.role === 'period') return PERIOD_WIDTH;
    const label = labels[i] ?? c.header;
    const word = Math.max(...label.split(/\s+/).map((w) => w.length));
    const chars = Math.max(word, Math.ceil(label.length / 3), longestText(model, i, extra));
    return Math.min(VALUE_WIDTH, Math.max(NARROW_VALUE_WIDTH, Math.ceil(chars * CHAR_WIDTH + PADDING)));
  });
}

/** Periods keep their width; value columns share what is left of a wide view. */
function cellWidth(width: number, role: string): { flex: string } {
  return { flex: role === 'period' ? `0 0 ${width}px` : `1 0 ${width}px` };
}

/** The virtualized table. */
export function SeriesTable({ model, label, changeAt }: SeriesTableProps) {
  const styles = useStyles();
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({ count: model.rowCount, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 12 });
  const [extra, setExtra] = useState(0);
  // Headers are cut to what three lines of the narrowest value column hold (columns share a wide
  // table's width): long names that share their start keep the part that differs.
  const [boxWidth, setBoxWidth] = useState(0);
  useEffect(() => {
    const el = scroller.current;
    if (!el || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => setBoxWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const values = model.columns.filter((c) => c.role !== 'period').length;
  const columnWidth = Math.max(VALUE_WIDTH, values > 0 ? (boxWidth - PERIOD_WIDTH) / values : 0);
  // About 6.6 px a character at the header's size, three lines, less what wrapping at words loses.
  const headerMax = Math.max(24, Math.floor(((columnWidth - 16) / 6.6) * 3 * 0.7));
  const { shared, labels } = useMemo(() => tableHeaders(model.columns, headerMax), [model, headerMax]);
  const widths = useMemo(() => columnWidths(model, labels, extra), [model, labels, extra]);
  const total = widths.reduce((a, b) => a + b, 0);
  const numeric = model.columns.some((c) => c.numeric);

  return (
    <div className={styles.root}>
      {shared !== null || numeric ? (
        <div className={styles.caption}>
          <Text size={200} weight="semibold" className={styles.shared} title={shared ?? undefined} data-testid="table-shared-name">{shared ?? ''}</Text>
          {numeric ? (
            <>
              <Text size={200} className={styles.decimals} aria-live="polite">{extra === 0 ? 'Decimals as the unit reads' : `${extra} more decimal${extra === 1 ? '' : 's'}`}</Text>
              <Button size="small" appearance="subtle" disabled={extra === 0} onClick={() => setExtra((n) => Math.max(0, n - 1))}>Fewer decimals</Button>
              <Button size="small" appearance="subtle" disabled={extra >= MAX_EXTRA_DECIMALS} onClick={() => setExtra((n) => Math.min(MAX_EXTRA_DECIMALS, n + 1))}>More decimals</Button>
            </>
          ) : null}
        </div>
      ) : null}
      <div ref={scroller} className={styles.scroller} tabIndex={0} role="table" aria-label={label} aria-rowcount={model.rowCount + 1} data-testid="series-table">
        <div role="rowgroup" className={styles.header} style={{ minWidth: total }}>
          <div role="row" aria-rowindex={1} style={{ display: 'flex', width: '100%' }}>
            {model.columns.map((c, i) => (
              <div key={i} role="columnheader" title={c.header} aria-label={labels[i] === c.header ? undefined : c.header} className={mergeClasses(styles.cell, styles.headCell, c.numeric && styles.numeric, c.role === 'period' && styles.period)} style={cellWidth(widths[i] ?? VALUE_WIDTH, c.role)}>
                <span className={styles.clamp}>{labels[i] ?? c.header}</span>
              </div>
            ))}
          </div>
        </div>
        {model.rowCount === 0 ? (
          <div className={styles.empty}>No observations in this range.</div>
        ) : (
          <div role="rowgroup" style={{ height: virtual.getTotalSize(), minWidth: total, position: 'relative' }}>
            {virtual.getVirtualItems().map((item) => (
              <div key={item.key} role="row" aria-rowindex={item.index + 2} className={mergeClasses(styles.row, item.index % 2 ? styles.zebra : styles.plain)} style={{ top: item.start, height: ROW_HEIGHT, minWidth: total, width: '100%' }}>
                {model.columns.map((c, ci) => {
                  const change = changeAt?.(item.index, ci);
                  const text = model.text(item.index, ci, extra);
                  // The value at full precision on hover (the cell shows the spreadsheet's rounding).
                  const value = c.numeric ? model.value(item.index, ci) : null;
                  const exact = typeof value === 'number' && Number.isFinite(value) ? `Exact value: ${String(value)}` : undefined;
                  return (
                    <div
                      key={ci}
                      role={c.role === 'period' ? 'rowheader' : 'cell'}
                      className={mergeClasses(styles.cell, c.numeric && styles.numeric, c.role === 'period' && styles.period, change && styles[change.kind])}
                      style={cellWidth(widths[ci] ?? VALUE_WIDTH, c.role)}
                      title={change ? changeText(change) : exact}
                      aria-label={change ? `${text}. ${changeText(change)}` : undefined}
                      data-change={change?.kind}
                    >
                      {change?.kind === 'removed' ? number.format(change.value) : text}
                    </div>
                  );
                })}
              </div>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
