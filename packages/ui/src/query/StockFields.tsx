/** The stock part of the QueryBuilder: a symbol or an index, and a date range. */
import { Field, Input, Radio, RadioGroup, Select } from '@fluentui/react-components';
import type { StockIndex } from '@econdata/core';
import type { ReactNode } from 'react';
import type { FieldErrors, StockForm } from './build.ts';
import { useFormStyles } from './styles.ts';
import { fieldState } from './field-state.ts';

export interface StockFieldsProps {
  form: StockForm;
  onChange(form: StockForm): void;
  errors: FieldErrors;
}


/** Vietnam stocks: one symbol (VNM) or one index (VNINDEX, HNX, UPCOM), between two dates. */
export function StockFields({ form, onChange, errors }: StockFieldsProps): ReactNode {
  const styles = useFormStyles();
  return (
    <div className={styles.form}>
      <Field label="Series">
        <RadioGroup layout="horizontal" value={form.target} onChange={(_, d) => onChange({ ...form, target: d.value as StockForm['target'] })}>
          <Radio value="symbol" label="A stock" />
          <Radio value="index" label="An index" />
        </RadioGroup>
      </Field>
      <div className={styles.row}>
        {form.target === 'symbol' ? (
          <Field label="Symbol" {...fieldState('e.g. VNM', errors['symbol'])}>
            <Input className={styles.input} value={form.symbol} onChange={(_, d) => onChange({ ...form, symbol: d.value })} />
          </Field>
        ) : (
          <Field label="Index" {...fieldState(undefined, errors['index'])}>
            <Select className={styles.input} value={form.index} onChange={(_, d) => onChange({ ...form, index: d.value as StockIndex })}>
              <option value="VNINDEX">VN-Index (VNINDEX)</option>
              <option value="HNX">HNX-Index (HNX)</option>
              <option value="UPCOM">UPCoM-Index (UPCOM)</option>
            </Select>
          </Field>
        )}
        <Field label="Start date" {...fieldState('YYYY-MM-DD', errors['startDate'])}>
          <Input className={styles.input} value={form.startDate} placeholder="2024-01-02" onChange={(_, d) => onChange({ ...form, startDate: d.value })} />
        </Field>
        <Field label="End date" {...fieldState('YYYY-MM-DD', errors['endDate'])}>
          <Input className={styles.input} value={form.endDate} placeholder="2024-06-28" onChange={(_, d) => onChange({ ...form, endDate: d.value })} />
        </Field>
      </div>
    </div>
  );
}
