/**
 * The transform fields both apps show beside a query: what to show (level, % change, % change from
 * a year ago, annualized, log, ...), an index rebuilt from % changes, index = 100 at a period, a moving average, a lower frequency
 * and how to combine it, seasonal adjustment (monthly and quarterly series), the last N periods. It reads and writes @econdata/analysis's one text form
 * (`Per=Q Agg=avg Units=pc1`); every rule about what is valid is analysis's (checkTransform).
 */
import { Checkbox, Field, Input, makeStyles, mergeClasses, Select, Text } from '@fluentui/react-components';
import {
  checkTransform, FREQUENCY_RANK, formatTransform, parseTransform, PER_FREQUENCY, SEASONAL_FREQUENCIES, SEASONAL_LABELS, transformWords, UNITS_CODES, unitsLabel,
  type Agg, type Per, type PeriodType, type SeasonalMethod, type Transform, type Units,
} from '@econdata/analysis';
import { isEconError, type Frequency } from '@econdata/core';
import { useState, type ReactNode } from 'react';
import { fieldState } from './field-state.ts';
import { useFormStyles } from './styles.ts';

export interface TransformFieldsProps {
  /** The transform in its text form ('' for none). */
  value: string;
  /** Called with the canonical text whenever the fields make a valid transform. */
  onChange(text: string): void;
  /** The series' own frequency: only lower frequencies are offered for conversion. */
  frequency?: Frequency;
  /** Called with the engine's refusal while the fields make no valid transform, and null once they do (a form holds its submit meanwhile). */
  onProblem?(message: string | null): void;
}

const PER_CHOICES: ReadonlyArray<readonly [Per, string, Frequency]> = [['M', 'Monthly', 'monthly'], ['Q', 'Quarterly', 'quarterly'], ['A', 'Annual', 'annual']];
const AGG_CHOICES: ReadonlyArray<readonly [Agg, string]> = [['avg', 'Average'], ['sum', 'Sum'], ['eop', 'End of period']];
/** Seasonal adjustment, named as analysis names it. */
const SA_CHOICES = Object.entries(SEASONAL_LABELS) as ReadonlyArray<readonly [SeasonalMethod, string]>;
/** Periods by the service's projection flag (IMF): both by default. */
const TYPE_CHOICES: ReadonlyArray<readonly [PeriodType, string]> = [['AF', 'Actuals and projections'], ['A', 'Actuals only'], ['F', 'Projections only']];

// "% change from a year ago" is the choice people read most: its select gets a whole row.
const useStyles = makeStyles({
  fullRow: { gridColumn: '1 / -1' },
  // A checkbox's label does not wrap by itself: in a 320 px taskpane it would push the pane wider.
  wrap: { minWidth: 0, maxWidth: '100%' },
  wrapLabel: { whiteSpace: 'normal', overflowWrap: 'anywhere', minWidth: 0 },
});

/** The text fields as typed (a half-typed "1" for MA is no transform yet). */
interface Draft { level: boolean; units: string; per: string; agg: string; sa: string; seasonal: string; robust: boolean; tet: string; ma: string; rebase: string; points: string; type: string }

function draftOf(text: string): Draft {
  let t: Transform = {};
  try {
    t = parseTransform(text);
  } catch (error) {
    // A saved text the engine refuses starts the fields empty; the owner of the text shows the refusal.
    if (!isEconError(error)) throw error;
  }
  return {
    level: t.level !== undefined, units: t.units ?? 'lin', per: t.per ?? '', agg: t.agg ?? '',
    sa: t.sa ?? '', seasonal: t.seasonal?.toString() ?? '', robust: t.robust === 'Y', tet: t.tet ?? '',
    ma: t.ma?.toString() ?? '', rebase: t.rebase ?? '', points: t.points?.toString() ?? '', type: t.type ?? 'AF',
  };
}

/** The Transform the draft describes (unchecked: checkTransform says what is wrong). */
function transformOf(d: Draft): Transform {
  const t: Transform = {};
  if (d.level) t.level = 'pch';
  if (d.per) t.per = d.per as Per;
  if (d.per && d.agg) t.agg = d.agg as Agg;
  const whole = (s: string): number => (/^\s*\d+\s*$/.test(s) ? Number(s) : NaN);
  if (d.sa) {
    t.sa = d.sa as SeasonalMethod;
    if (d.seasonal.trim()) t.seasonal = whole(d.seasonal);
    if (d.robust) t.robust = 'Y';
    // The engine reads the windows as typed ("10, 7"); a value it refuses is shown beside the field.
    if (d.sa === 'tet' && d.tet.trim()) t.tet = d.tet.replace(/\s+/g, '');
  }
  if (d.units && d.units !== 'lin') t.units = d.units as Units;
  if (d.ma.trim()) t.ma = whole(d.ma);
  if (d.rebase.trim()) t.rebase = d.rebase.trim().toUpperCase();
  if (d.points.trim()) t.points = whole(d.points);
  if (d.type === 'A' || d.type === 'F') t.type = d.type;
  return t;
}

/** Transform fields: level, % change, % change from a year ago, annualized, log, index = 100, moving average, frequency. */
export function TransformFields({ value, onChange, frequency, onProblem }: TransformFieldsProps): ReactNode {
  const styles = useFormStyles();
  const own = useStyles();
  const [draft, setDraft] = useState<Draft>(() => draftOf(value));
  const [error, setError] = useState<{ option: string; message: string } | null>(null);
  const [words, setWords] = useState(() => describe(draft));

  const change = (patch: Partial<Draft>): void => {
    const next = { ...draft, ...patch };
    setDraft(next);
    try {
      const text = formatTransform(checkTransform(transformOf(next)));
      setError(null);
      setWords(describe(next));
      onProblem?.(null);
      onChange(text);
    } catch (e) {
      if (!isEconError(e)) throw e;
      setError({ option: e.parameter ?? 'transform', message: e.message });
      onProblem?.(e.message);
    }
  };
  const errorFor = (option: string): string | undefined => (error?.option === option ? error.message : undefined);
  const pers = PER_CHOICES.filter(([, , f]) => frequency === undefined || FREQUENCY_RANK[f] < FREQUENCY_RANK[frequency]);
  // Seasonal adjustment is offered for monthly and quarterly data (after any conversion) only; a
  // saved text that has it keeps its field, so it can be taken off.
  const working = draft.per ? PER_FREQUENCY[draft.per as Per] : frequency;
  const seasonal = (working !== undefined && SEASONAL_FREQUENCIES.includes(working)) || draft.sa !== '';

  return (
    <div className={styles.form}>
      <div className={styles.row}>
        <Field className={own.fullRow} label="Show as" {...fieldState(undefined, errorFor('Units'))}>
          <Select className={styles.input} value={draft.units} onChange={(_, d) => change({ units: d.value })}>
            {UNITS_CODES.map((code) => <option key={code} value={code}>{unitsLabel(code)}</option>)}
          </Select>
        </Field>
        <Field label="Rebase to 100 at" {...fieldState('e.g. 2015, 2015-Q1, 2015-03', errorFor('Rebase'))}>
          <Input className={styles.input} value={draft.rebase} placeholder="none" onChange={(_, d) => change({ rebase: d.value })} />
        </Field>
        <Field label="Moving average" {...fieldState('periods, 2 to 60', errorFor('MA'))}>
          <Input className={styles.input} value={draft.ma} placeholder="none" inputMode="numeric" onChange={(_, d) => change({ ma: d.value })} />
        </Field>
        {pers.length > 0 && (
          <Field label="Convert to" {...fieldState(undefined, errorFor('Per'))}>
            <Select className={styles.input} value={draft.per} onChange={(_, d) => change({ per: d.value, ...(d.value ? {} : { agg: '' }) })}>
              <option value="">As published</option>
              {pers.map(([code, label]) => <option key={code} value={code}>{label}</option>)}
            </Select>
          </Field>
        )}
        {draft.per && (
          <Field label="Combine by" {...fieldState(undefined, errorFor('Agg'))}>
            <Select className={styles.input} value={draft.agg} onChange={(_, d) => change({ agg: d.value })}>
              <option value="">Default</option>
              {AGG_CHOICES.map(([code, label]) => <option key={code} value={code}>{label}</option>)}
            </Select>
          </Field>
        )}
        {seasonal && (
          <Field className={own.fullRow} label="Seasonal adjustment" {...fieldState(undefined, errorFor('SA'))}>
            <Select className={styles.input} value={draft.sa} onChange={(_, d) => change({ sa: d.value })}>
              <option value="">None</option>
              {SA_CHOICES.map(([code, label]) => <option key={code} value={code}>{label}</option>)}
            </Select>
          </Field>
        )}
        {draft.sa && (
          <Field label="Seasonal smoother" {...fieldState('odd, 7 or more years', errorFor('Seasonal'))}>
            <Input className={styles.input} value={draft.seasonal} placeholder="7" inputMode="numeric" onChange={(_, d) => change({ seasonal: d.value })} />
          </Field>
        )}
        {draft.sa === 'tet' && (
          <Field label="Tết windows" {...fieldState('days before, days from Tết', errorFor('Tet'))}>
            <Input className={styles.input} value={draft.tet} placeholder="10,7" onChange={(_, d) => change({ tet: d.value })} />
          </Field>
        )}
        {draft.sa && (
          <Checkbox
            className={mergeClasses(own.fullRow, own.wrap)}
            checked={draft.robust}
            label={{ children: 'Robust to outliers (STL\'s robust fit)', className: own.wrapLabel }}
            onChange={(_, d) => change({ robust: d.checked === true })}
          />
        )}
        <Field label="Keep the last" {...fieldState('N periods with a value', errorFor('Points'))}>
          <Input className={styles.input} value={draft.points} placeholder="all" inputMode="numeric" onChange={(_, d) => change({ points: d.value })} />
        </Field>
        <Field label="Periods" {...fieldState('IMF marks its projections', errorFor('Type'))}>
          <Select className={styles.input} value={draft.type} onChange={(_, d) => change({ type: d.value })}>
            {TYPE_CHOICES.map(([code, label]) => <option key={code} value={code}>{label}</option>)}
          </Select>
        </Field>
        <Checkbox
          className={mergeClasses(own.fullRow, own.wrap)}
          checked={draft.level}
          label={{ children: 'The values are % changes: chain them into an index (100 at the start)', className: own.wrapLabel }}
          onChange={(_, d) => change({ level: d.checked === true })}
        />
      </div>
      {error?.option === 'transform' && <Text role="alert">{error.message}</Text>}
      <Text size={200} aria-live="polite">{words ? `Shows: ${words}` : 'Shows: the level, as published'}</Text>
    </div>
  );
}

/** The draft in words, as the transformed series' title will say it ('' for none or not yet valid). */
function describe(d: Draft): string {
  try {
    const t = checkTransform(transformOf(d));
    return transformWords(t, t.agg);
  } catch (e) {
    if (!isEconError(e)) throw e;
    return '';
  }
}
