/**
 * The table as the clipboard carries it: tab-separated text and an HTML table, both with a header
 * row and every number at full precision (the shortest text that reads back as the same double),
 * so a paste into Excel or Word is a table whose values equal the data, not the rounded display.
 */
import type { TableModel } from './table-model.ts';

const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** A TSV field: tabs and line breaks inside a name would split it. */
const field = (text: string): string => text.replace(/[\t\r\n]+/g, ' ');

/** A cell as copied: a number whole (`String` round-trips a double), the period as shown, else its text. */
function cellText(model: TableModel, r: number, c: number): string {
  const column = model.columns[c];
  if (column?.role === 'period') return model.period(r);
  const v = model.value(r, c);
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  return model.text(r, c);
}

/**
 * TSV and HTML of the whole table (every row, not only those on screen).
 *
 * @example tableClipboard(tableModel([gdpVN])).text // 'Period\tGDP (current US$): Vietnam\n2000\t31172518849.1...\n...'
 */
export function tableClipboard(model: TableModel): { text: string; html: string } {
  const headers = model.columns.map((c) => c.header);
  const rows: string[][] = [];
  for (let r = 0; r < model.rowCount; r += 1) rows.push(model.columns.map((_c, c) => cellText(model, r, c)));
  const text = [headers, ...rows].map((row) => row.map(field).join('\t')).join('\n');
  const html = [
    '<table>',
    `<thead><tr>${headers.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead>`,
    `<tbody>${rows.map((row) => `<tr>${row.map((v, c) => (model.columns[c]?.numeric ? `<td style="mso-number-format:General">${escapeHtml(v)}</td>` : `<td style="mso-number-format:'\\@'">${escapeHtml(v)}</td>`)).join('')}</tr>`).join('')}</tbody>`,
    '</table>',
  ].join('');
  return { text, html };
}
