/** The trade part of the QueryBuilder: flow, partner, HS code, and a range of months. */
import { Field, Input, MessageBar, MessageBarBody, Radio, RadioGroup } from '@fluentui/react-components';
import type { LearnedNames, TradeFlow } from '@econdata/core';
import type { ReactNode } from 'react';
import { useLearnedNames } from '../data/hooks.ts';
import type { FieldErrors, TradeForm } from './build.ts';
import { useFormStyles } from './styles.ts';
import { fieldState } from './field-state.ts';

export interface TradeFieldsProps {
  form: TradeForm;
  onChange(form: TradeForm): void;
  errors: FieldErrors;
}

/**
 * What the service's own words say about a breakdown by partner, before anyone asks for one: a
 * refusal said "totals only", or every answer so far held the world total only. Null while nothing
 * is known, or when answers held partners.
 */
function totalsNotice(names: LearnedNames | undefined): { firm: boolean; text: string } | null {
  if (!names) return null;
  const { partners, totalsOnly } = names.trade;
  if (totalsOnly) {
    return { firm: true, text: 'Totals only: the service said its customs data has no breakdown by partner country or HS code. Leave Partner and HS code empty for the world total of all goods.' };
  }
  if (partners.length > 0 && partners.every((p) => p === 'WLD')) {
    return { firm: false, text: 'The service\'s trade answers so far hold totals only (partner World, all goods): a breakdown by country may not exist.' };
  }
  return null;
}

/** Vietnam customs trade: flow, partner, HS code and the months (from, to: YYYY-MM). */
export function TradeFields({ form, onChange, errors }: TradeFieldsProps): ReactNode {
  const styles = useFormStyles();
  const names = useLearnedNames();
  const notice = totalsNotice(names.data);
  const partners = names.data?.trade.partners.filter((p) => p !== 'WLD') ?? [];
  const partnerHint = notice?.firm ? 'Totals only: leave it empty' : partners.length > 0 ? `Seen: ${partners.slice(0, 8).join(', ')}${partners.length > 8 ? '…' : ''}; empty for all` : 'ISO code (CN), WLD or empty for all';
  return (
    <div className={styles.form}>
      <Field label="Flow">
        <RadioGroup layout="horizontal" value={form.flow} onChange={(_, d) => onChange({ ...form, flow: d.value as TradeFlow })}>
          <Radio value="exports" label="Exports" />
          <Radio value="imports" label="Imports" />
          <Radio value="balance" label="Balance" />
        </RadioGroup>
      </Field>
      {notice ? (
        <MessageBar intent={notice.firm ? 'warning' : 'info'} layout="multiline" data-testid="trade-totals-notice">
          <MessageBarBody>{notice.text}</MessageBarBody>
        </MessageBar>
      ) : null}
      <div className={styles.row}>
        <Field label="Partner" {...fieldState(partnerHint, errors['partner'])}>
          <Input className={styles.input} value={form.partner} onFocus={names.reload} onChange={(_, d) => onChange({ ...form, partner: d.value })} />
        </Field>
        <Field label="HS code" {...fieldState(notice?.firm ? 'Totals only: leave it empty' : '2-10 digits (85), TOTAL or empty', errors['hsCode'])}>
          <Input className={styles.input} inputMode="numeric" value={form.hsCode} onChange={(_, d) => onChange({ ...form, hsCode: d.value })} />
        </Field>
      </div>
      <div className={styles.row}>
        <Field label="From month" {...fieldState('YYYY-MM, empty: the first', errors['startPeriod'])}>
          <Input className={styles.input} value={form.startPeriod} placeholder="2024-01" onChange={(_, d) => onChange({ ...form, startPeriod: d.value })} />
        </Field>
        <Field label="To month" {...fieldState('YYYY-MM, empty: the last', errors['endPeriod'])}>
          <Input className={styles.input} value={form.endPeriod} placeholder="2024-06" onChange={(_, d) => onChange({ ...form, endPeriod: d.value })} />
        </Field>
      </div>
    </div>
  );
}
