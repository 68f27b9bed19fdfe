/** A1 notation: column letters and indexes (zero-based), as Excel writes them. */

/** Column letters of a zero-based column index (0 -> A, 26 -> AA). */
export function columnName(col: number): string {
  let s = '';
  for (let n = col + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/** The zero-based index of column letters (A -> 0, AA -> 26). */
export function columnIndex(letters: string): number {
  return [...letters.toUpperCase()].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
}

/**
 * An address as Excel gives it ('Sheet1!B2', "'My sheet'!B2:D10") split into its sheet's name
 * (quotes taken off, doubled quotes made single) and the cells' part.
 */
export function splitAddress(address: string): { sheet: string; cells: string } {
  const bang = address.lastIndexOf('!');
  return { sheet: address.slice(0, Math.max(0, bang)).replace(/^'(.*)'$/, '$1').replace(/''/g, "'"), cells: address.slice(bang + 1) };
}
