/** The indicator part of the QueryBuilder: the SeriesBrowser, years, and the GSO frequency. */
import { Field, Input, Select } from '@fluentui/react-components';
import { keptFrequency, sharedFrequencies, type GsoFrequency, type IndicatorInfo } from '@econdata/core';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useCatalogue } from '../data/hooks.ts';
import { SeriesBrowser, type SeriesSelection } from '../pickers/SeriesBrowser.tsx';
import type { FieldErrors, IndicatorForm } from './build.ts';
import { fieldState } from './field-state.ts';
import { useFormStyles } from './styles.ts';

export interface IndicatorFieldsProps {
  form: IndicatorForm;
  onChange(form: IndicatorForm): void;
  errors: FieldErrors;
}

const FREQUENCY_LABELS: Record<GsoFrequency, string> = { monthly: 'Monthly', quarterly: 'Quarterly', annual: 'Annual' };
const ALL_FREQUENCIES: readonly GsoFrequency[] = ['monthly', 'quarterly', 'annual'];

/**
 * The GSO frequencies the chosen indicators all have, from the indicator list (core's catalogue);
 * null while unknown (the list not loaded, or an indicator it does not hold).
 */
function useOfferedFrequencies(source: string, codes: readonly string[]): GsoFrequency[] | null {
  const catalogue = useCatalogue();
  const entries = catalogue.data?.entries;
  const key = codes.join('\u0000');
  return useMemo(() => {
    if (source !== 'GSO' || !entries) return null;
    const infos = codes.map((code) => entries.find((e) => e.source === 'GSO' && e.code === code));
    return infos.every((i): i is IndicatorInfo & { source: string } => i !== undefined) ? sharedFrequencies(infos) : null;
    // The codes by value: a new array of the same codes is the same choice.
  }, [source, entries, key]);
}

/** Source, indicators x countries, and the year range. */
export function IndicatorFields({ form, onChange, errors }: IndicatorFieldsProps): ReactNode {
  const styles = useFormStyles();
  const gso = form.source === 'GSO';
  const offered = useOfferedFrequencies(form.source, form.indicators);
  // A frequency the series lack is a certain "no data": move to one they have (the first they list).
  const kept = gso ? keptFrequency(form.frequency, offered) : form.frequency;
  useEffect(() => {
    if (kept !== form.frequency) onChange({ ...form, frequency: kept });
  }, [kept, form.frequency]);
  const none = offered !== null && offered.length === 0;
  const frequencyHint = none ? 'These series share no frequency: each comes at its own' : offered !== null ? `These series have: ${offered.map((f) => FREQUENCY_LABELS[f].toLowerCase()).join(', ')}` : undefined;
  const selection: SeriesSelection = { source: form.source, indicators: form.indicators, countries: form.countries };
  const browserErrors = {
    ...(errors['indicators'] ? { indicators: errors['indicators'] } : {}),
    ...(errors['countries'] ? { countries: errors['countries'] } : {}),
  };
  // The frequency exists only for GSO: leaving GSO drops it.
  const select = (s: SeriesSelection): void => onChange({ ...form, ...s, ...(s.source !== form.source ? { frequency: '' as const } : {}) });
  return (
    <div className={styles.form}>
      <SeriesBrowser value={selection} onChange={select} errors={browserErrors} />
      <div className={styles.row}>
        <Field label="Start year" {...fieldState('e.g. 2010', errors['startYear'])}>
          <Input className={styles.input} inputMode="numeric" value={form.startYear} onChange={(_, d) => onChange({ ...form, startYear: d.value })} />
        </Field>
        <Field label="End year" {...fieldState('e.g. 2023', errors['endYear'])}>
          <Input className={styles.input} inputMode="numeric" value={form.endYear} onChange={(_, d) => onChange({ ...form, endYear: d.value })} />
        </Field>
        {gso ? (
          <Field label="Frequency" {...fieldState(frequencyHint, errors['frequency'])}>
            <Select className={styles.input} value={form.frequency} onChange={(_, d) => onChange({ ...form, frequency: d.value as '' | GsoFrequency })}>
              {/* The service's default is a frequency each series has: always a real choice. */}
              <option value="">Service default</option>
              {(offered ?? ALL_FREQUENCIES).map((f) => <option key={f} value={f}>{FREQUENCY_LABELS[f]}</option>)}
            </Select>
          </Field>
        ) : null}
      </div>
    </div>
  );
}
