/**
 * Number formats by unit. Values stay full-precision numbers; only the display changes. Percent
 * units keep the service's convention (3.5 means 3.5 %), so the format appends a literal "%"
 * instead of using Excel's % format, which would multiply by 100.
 */

/** The number format for values of a column, from its unit and record field. */
export function valueFormat(unit: string | null, key: string): string {
  const u = (unit ?? '').toLowerCase();
  // Scaled units ('USD billion', 'thousand VND', 'Persons, millions') carry meaningful decimals.
  const scaled = /billion|million|thousand|\bbn\b/.test(u);
  if (key === 'volume') return '#,##0';
  if (/\b(shares|volume|persons)\b/.test(u)) return scaled ? '#,##0.00' : '#,##0';
  if (/%|percent/.test(u)) return '0.00"%"';
  if (/\b(points|index)\b/.test(u)) return '#,##0.00';
  // An exchange rate ('local currency units per US$') can be well below 1.
  if (/\bper (us\$|usd|us dollar)/.test(u)) return '#,##0.00';
  if (/us\$|\busd\b|dollar|\bvnd\b|\$|currency/.test(u)) return scaled ? '#,##0.00' : '#,##0';
  if (u === 'years') return '0.0';
  return 'General';
}

/** Text width in characters of a number as a person reads it under the given format (for column widths). */
export function displayWidth(value: number, fmt: string): number {
  const decimals = fmt.includes('0.00') ? 2 : fmt.includes('0.0') ? 1 : fmt === 'General' ? 6 : 0;
  const digits = Math.max(1, Math.floor(Math.log10(Math.abs(value) || 1)) + 1);
  const grouping = fmt.includes('#,##0') ? Math.floor((digits - 1) / 3) : 0;
  return digits + grouping + (decimals > 0 ? decimals + 1 : 0) + (value < 0 ? 1 : 0) + (fmt.includes('%') ? 1 : 0);
}
