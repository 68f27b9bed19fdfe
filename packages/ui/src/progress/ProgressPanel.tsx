/** Progress of slow work (fetches, exports, inserts): a bar, what is happening, and Cancel. */
import { Button, Field, makeStyles, ProgressBar, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { formatCount } from '../format/time.ts';

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  bar: { flexGrow: 1, minWidth: '180px' },
});

export interface ProgressPanelProps {
  /** What is happening: "Fetching 6 series", "Writing rows". */
  label: string;
  /** Done so far; leave undefined for an indeterminate bar. */
  value?: number;
  /** The total, when known (determinate). */
  max?: number;
  /** The unit counted, for the hint: "rows", "requests", "bytes". */
  unit?: string;
  /** Aborted by Cancel: pass the AbortController of the work shown. */
  controller?: AbortController;
  /** Called after Cancel aborted the controller. */
  onCancel?: () => void;
}

/** "120 of 400 rows (30%)", or null for indeterminate progress. */
function progressHint(value: number | undefined, max: number | undefined, unit = ''): string | null {
  if (value === undefined) return null;
  const u = unit ? ` ${unit}` : '';
  if (max === undefined || max <= 0) return `${formatCount(value)}${u} so far`;
  return `${formatCount(value)} of ${formatCount(max)}${u} (${Math.floor((Math.min(value, max) / max) * 100)}%)`;
}

/** A labelled progress bar (determinate when `value` and `max` are given) with a Cancel button. */
export function ProgressPanel({ label, value, max, unit, controller, onCancel }: ProgressPanelProps): ReactNode {
  const styles = useStyles();
  const determinate = value !== undefined && max !== undefined && max > 0;
  const hint = progressHint(value, max, unit);
  return (
    <div className={styles.root} role="group" aria-label={label}>
      <Field label={label} className={styles.bar} {...(hint ? { hint } : {})}>
        <ProgressBar {...(determinate ? { value: Math.min(value, max), max } : {})} thickness="large" aria-label={hint ? `${label}: ${hint}` : label} />
      </Field>
      {controller || onCancel ? (
        <Button
          disabled={controller?.signal.aborted ?? false}
          onClick={() => { controller?.abort(); onCancel?.(); }}
        >
          Cancel
        </Button>
      ) : null}
    </div>
  );
}
