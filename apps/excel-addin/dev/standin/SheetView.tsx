/**
 * The in-page workbook drawn as a spreadsheet: name box, formula bar, column letters, row numbers,
 * cells shown with their number formats (sheets' displayText), tables banded like Excel's
 * TableStyleMedium2, fills and bold. Click or use the arrow keys to move the selection: it is
 * where the taskpane inserts. Screenshots of it show what Excel would show.
 */
import { displayText } from '@econdata/sheets';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useEffect, useRef, useSyncExternalStore, type KeyboardEvent, type ReactNode } from 'react';
import { addressOf, columnLetters, type SheetModel, type TableModel } from './model.ts';
import type { StandinWorkbook } from './workbook.ts';
import { ChartView } from './ChartView.tsx';

const MIN_ROWS = 30;
const MAX_ROWS = 120;
const MIN_COLS = 12;
const MAX_COLS = 30;
/** Pixels per point of column width. */
const PX_PER_POINT = 1.33;
/** Pixels of a row (20 px cell + border) and of the column-letter row; a sheet row is 15 points. */
const ROW_PX = 21;
const HEAD_PX = 21;

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', minWidth: 0, minHeight: 0, height: '100%', backgroundColor: tokens.colorNeutralBackground1, fontFamily: 'Calibri, "Segoe UI", Arial, sans-serif', fontSize: '13px' },
  bar: { display: 'flex', gap: '8px', alignItems: 'center', padding: '4px 8px', borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, backgroundColor: tokens.colorNeutralBackground2 },
  nameBox: { width: '90px', padding: '2px 6px', border: `1px solid ${tokens.colorNeutralStroke1}`, backgroundColor: tokens.colorNeutralBackground1 },
  formula: { flexGrow: 1, padding: '2px 6px', border: `1px solid ${tokens.colorNeutralStroke1}`, backgroundColor: tokens.colorNeutralBackground1, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', minHeight: '18px' },
  scroll: { position: 'relative', overflow: 'auto', flexGrow: 1, outline: 'none', ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` } },
  table: { borderCollapse: 'collapse', tableLayout: 'fixed' },
  corner: { position: 'sticky', top: 0, left: 0, zIndex: 2, backgroundColor: '#e6e6e6', width: '40px' },
  colHead: { position: 'sticky', top: 0, zIndex: 1, backgroundColor: '#e6e6e6', color: '#333', fontWeight: 'normal', border: '1px solid #c8c8c8', height: '20px' },
  rowHead: { position: 'sticky', left: 0, zIndex: 1, backgroundColor: '#e6e6e6', color: '#333', fontWeight: 'normal', border: '1px solid #c8c8c8', textAlign: 'center', width: '40px' },
  cell: { border: '1px solid #e1e1e1', padding: '0 4px', height: '20px', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', color: '#1f1f1f', cursor: 'cell' },
  number: { textAlign: 'right' },
  selected: { outline: '2px solid #217346', outlineOffset: '-2px' },
  tabs: { display: 'flex', gap: '2px', padding: '2px 8px', borderTop: `1px solid ${tokens.colorNeutralStroke2}`, backgroundColor: tokens.colorNeutralBackground2 },
  tab: { padding: '2px 12px', backgroundColor: tokens.colorNeutralBackground1, borderBottom: '2px solid #217346', color: '#217346', fontWeight: 600 },
});

interface TableRole {
  header: boolean;
  band: boolean;
}

function tableRole(tables: readonly TableModel[], sheet: SheetModel, r: number, c: number): TableRole | undefined {
  for (const t of tables) {
    const x = t.rect;
    if (x.sheet !== sheet || r < x.top || r >= x.top + x.rows || c < x.left || c >= x.left + x.cols) continue;
    return { header: r === x.top, band: (r - x.top) % 2 === 1 };
  }
  return undefined;
}

export interface SheetViewProps {
  workbook: StandinWorkbook;
}

/** The first sheet of the in-page workbook, as a grid the user can select cells in. */
export function SheetView({ workbook }: SheetViewProps): ReactNode {
  const styles = useStyles();
  useSyncExternalStore(workbook.subscribe, workbook.version);
  const { model } = workbook;
  const sel = model.selection;
  const sheet = sel.sheet;
  const [usedRows, usedCols] = sheet.extent();
  const rows = Math.min(MAX_ROWS, Math.max(MIN_ROWS, usedRows + 3, sel.top + 3));
  const cols = Math.min(MAX_COLS, Math.max(MIN_COLS, usedCols + 4, sel.left + 2));
  const tables = [...model.tables.values()];
  const selected = sheet.cell(sel.top, sel.left);
  const widths = Array.from({ length: cols }, (_, c) => Math.round((sheet.columnWidths.get(c) ?? 48) * PX_PER_POINT));
  const address = addressOf({ ...sel, rows: 1, cols: 1 }).split('!')[1] ?? '';
  // The selected cell is kept in view, as Excel keeps it (the add-in's range.select() of a cell off screen).
  const scroller = useRef<HTMLDivElement>(null);
  useEffect(() => {
    scroller.current?.querySelector(`td[data-address="${address}"]`)?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [address, sheet]);

  const move = (event: KeyboardEvent): void => {
    const delta: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const d = delta[event.key];
    if (!d) return;
    event.preventDefault();
    workbook.select(`${columnLetters(Math.max(0, sel.left + d[1]))}${Math.max(0, sel.top + d[0]) + 1}`);
  };

  return (
    <section className={styles.root} aria-label="Workbook (in-page stand-in for Excel)">
      <div className={styles.bar}>
        <output className={styles.nameBox} aria-label="Selected cell" data-testid="name-box">{address}</output>
        <output className={styles.formula} aria-label="Cell contents">{selected?.formula ?? (selected ? displayText({ v: selected.value === '' ? null : selected.value }) : '')}</output>
      </div>
      <div ref={scroller} className={styles.scroll} tabIndex={0} onKeyDown={move} role="region" aria-label={`${sheet.name}: arrow keys move the selected cell`}>
        <table className={styles.table} aria-label={sheet.name} style={{ width: `${40 + widths.reduce((a, b) => a + b, 0)}px` }}>
          <colgroup>
            <col style={{ width: '40px' }} />
            {widths.map((w, c) => <col key={c} style={{ width: `${w}px` }} />)}
          </colgroup>
          <thead>
            <tr>
              <th className={styles.corner} scope="col"><span hidden>Row</span></th>
              {Array.from({ length: cols }, (_, c) => <th key={c} className={styles.colHead} scope="col">{columnLetters(c)}</th>)}
            </tr>
          </thead>
          <tbody>
            {Array.from({ length: rows }, (_, r) => (
              <tr key={r}>
                <th className={styles.rowHead} scope="row">{r + 1}</th>
                {Array.from({ length: cols }, (_, c) => {
                  const cell = sheet.cell(r, c);
                  const role = tableRole(tables, sheet, r, c);
                  // A formula cell shows its result (or the formula until it has one), as Excel does.
                  const shown = cell ? displayText({ v: cell.value === '' ? null : cell.value, fmt: cell.numberFormat }) : '';
                  const text = shown === '' && cell?.formula ? cell.formula : shown;
                  const isSelected = r === sel.top && c === sel.left;
                  // Text runs on over empty neighbours up to the next filled cell, as in Excel; numbers and table cells stay in their cell.
                  let room = widths[c] ?? 64;
                  if (typeof cell?.value === 'string' && !role) {
                    for (let k = c + 1; k < cols; k += 1) {
                      const n = sheet.cell(r, k);
                      if ((n && (n.value !== '' || n.formula !== undefined)) || tableRole(tables, sheet, r, k)) break;
                      room += widths[k] ?? 64;
                    }
                  }
                  const overflows = room > (widths[c] ?? 64);
                  const a1 = `${columnLetters(c)}${r + 1}`;
                  const background = cell?.fill ?? (role?.header ? '#4472C4' : role?.band ? '#D9E1F2' : undefined);
                  return (
                    <td
                      key={c}
                      data-address={a1}
                      className={mergeClasses(styles.cell, typeof cell?.value === 'number' && styles.number, isSelected && styles.selected)}
                      style={{
                        ...(background ? { backgroundColor: background } : {}),
                        ...(role?.header ? { color: '#ffffff', fontWeight: 700 } : {}),
                        ...(cell?.bold ? { fontWeight: 700 } : {}),
                        ...(cell?.italic ? { fontStyle: 'italic' } : {}),
                        ...(cell?.fontColor && !role?.header ? { color: cell.fontColor } : {}),
                        ...(overflows ? { overflow: 'visible', textOverflow: 'clip' } : {}),
                      }}
                      title={text.length > 12 ? text : undefined}
                      onClick={() => workbook.select(a1)}
                    >
                      {/* Clicks go to the cell under the pointer, not to a neighbour's overflowing text. */}
                      <span style={{ pointerEvents: 'none', ...(overflows ? { display: 'block', width: `${room - 9}px`, overflow: 'hidden' } : {}) }}>{text}</span>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        {model.charts.filter((c) => c.sheet === sheet).map((c) => {
          // Points to the cell under the chart's corner, then to that cell's pixels in this view.
          const row = Math.round(c.top / 15);
          let col = 0;
          for (let left = 0; col < cols && left + (sheet.columnWidths.get(col) ?? 48) <= c.left; col += 1) left += sheet.columnWidths.get(col) ?? 48;
          const x = 40 + widths.slice(0, col).reduce((a, b) => a + b, 0);
          return <ChartView key={c.name} chart={c} left={x} top={HEAD_PX + row * ROW_PX} />;
        })}
      </div>
      <div className={styles.tabs} aria-hidden="true"><span className={styles.tab}>{sheet.name}</span></div>
    </section>
  );
}
