/** The indicator part of the QueryBuilder: the SeriesBrowser, years, and the GSO frequency. */
import { Field, Input, Select } from '@fluentui/react-components';
import type { GsoFrequency } from '@econdata/core';
import type { ReactNode } from 'react';
import { SeriesBrowser, type SeriesSelection } from '../pickers/SeriesBrowser.tsx';
import type { FieldErrors, IndicatorForm } from './build.ts';
import { fieldState } from './field-state.ts';
import { useFormStyles } from './styles.ts';

export interface IndicatorFieldsProps {
  form: IndicatorForm;
  onChange(form: IndicatorForm): void;
  errors: FieldErrors;
}

/** Source, indicators x countries, and the year range. */
export function IndicatorFields({ form, onChange, errors }: IndicatorFieldsProps): ReactNode {
  const styles = useFormStyles();
  const gso = form.source === 'GSO';
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
          <Field label="Frequency" {...fieldState(undefined, errors['frequency'])}>
            <Select className={styles.input} value={form.frequency} onChange={(_, d) => onChange({ ...form, frequency: d.value as '' | GsoFrequency })}>
              <option value="">Service default</option>
              <option value="monthly">Monthly</option>
              <option value="quarterly">Quarterly</option>
              <option value="annual">Annual</option>
            </Select>
          </Field>
        ) : null}
      </div>
    </div>
  );
}
