/** The indicator part of the QueryBuilder: source, indicators, countries, years, GSO frequency. */
import { Field, Input, Select } from '@fluentui/react-components';
import { useCallback, type ReactNode } from 'react';
import type { GsoFrequency } from '@econdata/core';
import { CountryPicker } from '../pickers/CountryPicker.tsx';
import { IndicatorBrowser } from '../pickers/IndicatorBrowser.tsx';
import { SourcePicker } from '../pickers/SourcePicker.tsx';
import type { FieldErrors, IndicatorForm } from './build.ts';
import { useFormStyles } from './styles.ts';
import { fieldState } from './field-state.ts';

export interface IndicatorFieldsProps {
  form: IndicatorForm;
  onChange(form: IndicatorForm): void;
  errors: FieldErrors;
}


/** Source, indicators x countries, and the year range. */
export function IndicatorFields({ form, onChange, errors }: IndicatorFieldsProps): ReactNode {
  const styles = useFormStyles();
  const gso = form.source === 'GSO';
  // A new source has other indicators: the previous choice would not exist there.
  const setSource = useCallback((source: string) => onChange({ ...form, source, indicators: [], frequency: '' }), [form, onChange]);
  return (
    <div className={styles.form}>
      <SourcePicker value={form.source || undefined} onChange={setSource} />
      <div className={styles.grid}>
        <IndicatorBrowser source={form.source || undefined} selected={form.indicators} onChange={(indicators) => onChange({ ...form, indicators })} {...(errors['indicators'] ? { validationMessage: errors['indicators'] } : {})} />
        {gso ? null : <CountryPicker selected={form.countries} onChange={(countries) => onChange({ ...form, countries })} {...(errors['countries'] ? { validationMessage: errors['countries'] } : {})} />}
      </div>
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
