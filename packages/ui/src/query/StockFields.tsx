/** The stock part of the QueryBuilder: a symbol or an index, and a date range. */
import { Combobox, Field, Input, Option, Radio, RadioGroup, Select } from '@fluentui/react-components';
import type { StockIndex } from '@econdata/core';
import type { ReactNode } from 'react';
import { useLearnedNames } from '../data/hooks.ts';
import type { FieldErrors, StockForm } from './build.ts';
import { useFormStyles } from './styles.ts';
import { fieldState } from './field-state.ts';

export interface StockFieldsProps {
  form: StockForm;
  onChange(form: StockForm): void;
  errors: FieldErrors;
}


/** Suggestions shown at once: enough to pick from, few enough to read. */
const MAX_SUGGESTIONS = 60;

/**
 * Vietnam stocks: one symbol (VNM) or one index (VNINDEX, HNX, UPCOM), between two dates. The symbol
 * field suggests the symbols the service has named before (in answers and in refusals that list
 * them), kept on the machine by core; any other symbol can still be typed.
 */
export function StockFields({ form, onChange, errors }: StockFieldsProps): ReactNode {
  const styles = useFormStyles();
  const names = useLearnedNames();
  const known = names.data?.symbols ?? [];
  const typed = form.symbol.trim().toUpperCase();
  const matches = known.filter((s) => s.startsWith(typed)).slice(0, MAX_SUGGESTIONS);
  const symbolHint = known.length > 0 ? `e.g. VNM; ${known.length} symbol${known.length === 1 ? '' : 's'} the service has named` : 'e.g. VNM';
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
          <Field label="Symbol" {...fieldState(symbolHint, errors['symbol'])}>
            {/* One box whether or not suggestions are known yet, so learning some never moves the focus. */}
            <Combobox
              freeform className={styles.input} value={form.symbol} onFocus={names.reload}
              onChange={(e) => onChange({ ...form, symbol: e.target.value })}
              onOptionSelect={(_, d) => { if (d.optionValue) onChange({ ...form, symbol: d.optionValue }); }}
            >
              {matches.map((s) => <Option key={s} value={s}>{s}</Option>)}
            </Combobox>
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
