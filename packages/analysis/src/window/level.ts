/**
 * `Level=pch`: an index rebuilt from period-on-period % changes (GSO publishes many series only as
 * rates): I(first) = 100, I(t) = I(t-1) × (1 + r(t)/100). The chain needs every link: a missing
 * rate, or a period absent from the calendar (a month the data skips), breaks it, and nothing after
 * the break is computed (a level after a gap would be off by the unknown change).
 */
import { framePositions, withColumns, type Frame } from '../frame/frame.ts';
import { scratchColumn } from '../frame/scratch.ts';

/** One column of rates as an index; `pos` is null for daily data (one step is the previous observation). */
function levelColumn(src: Float64Array, n: number, pos: Int32Array | null): Float64Array {
  const out = scratchColumn(n);
  let i = 0;
  while (i < n && src[i] !== src[i]) out[i++] = NaN; // before the first rate: nothing to chain from
  if (i < n) out[i++] = 100;
  let broken = false;
  for (; i < n; i++) {
    const r = src[i]!;
    if (!broken && (r !== r || (pos !== null && pos[i]! - pos[i - 1]! !== 1))) broken = true;
    out[i] = broken ? NaN : out[i - 1]! * (1 + r / 100);
  }
  return out;
}

/** Every column of a frame under Level=pch. */
export function levelFrame(frame: Frame): Frame {
  const n = frame.periods.length;
  const pos = frame.frequency === 'daily' ? null : framePositions(frame);
  return withColumns(frame, frame.cols.map((col) => levelColumn(col, n, pos)));
}
