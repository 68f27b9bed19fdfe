/** The trade part of the QueryBuilder: flow, partner, HS code, month. */
import { Field, Input, Radio, RadioGroup } from '@fluentui/react-components';
import type { TradeFlow } from '@econdata/core';
import type { ReactNode } from 'react';
import type { FieldErrors, TradeForm } from './build.ts';
import { useFormStyles } from './styles.ts';
import { fieldState } from './field-state.ts';

export interface TradeFieldsProps {
  form: TradeForm;
  onChange(form: TradeForm): void;
  errors: FieldErrors;
}


/** Vietnam customs trade: flow, partner, HS code and period (YYYY-MM). */
export function TradeFields({ form, onChange, errors }: TradeFieldsProps): ReactNode {
  const styles = useFormStyles();
  return (
    <div className={styles.form}>
      <Field label="Flow">
        <RadioGroup layout="horizontal" value={form.flow} onChange={(_, d) => onChange({ ...form, flow: d.value as TradeFlow })}>
          <Radio value="exports" label="Exports" />
          <Radio value="imports" label="Imports" />
          <Radio value="balance" label="Balance" />
        </RadioGroup>
      </Field>
      <div className={styles.row}>
        <Field label="Partner" {...fieldState('ISO code (CN), WLD or empty for all', errors['partner'])}>
          <Input className={styles.input} value={form.partner} onChange={(_, d) => onChange({ ...form, partner: d.value })} />
        </Field>
        <Field label="HS code" {...fieldState('2-10 digits (85), TOTAL or empty', errors['hsCode'])}>
          <Input className={styles.input} inputMode="numeric" value={form.hsCode} onChange={(_, d) => onChange({ ...form, hsCode: d.value })} />
        </Field>
        <Field label="Period" {...fieldState('YYYY-MM, empty for all months', errors['period'])}>
          <Input className={styles.input} value={form.period} placeholder="2024-03" onChange={(_, d) => onChange({ ...form, period: d.value })} />
        </Field>
      </div>
    </div>
  );
}
