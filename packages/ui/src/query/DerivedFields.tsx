/**
 * A derived series, for both apps: the presets one click away over the user's series, or over
 * series a as typed (per capita, share of GDP, real, in US dollars), and a formula over several series (`a/b*100`) with one field
 * per operand in the text form `WB/NY.GDP.MKTP.CD/VN` (an operand's own transform after a space),
 * the shared years and the result's transform. Everything about what is valid is
 * @econdata/analysis's (readDerived, derivedQueries); the fields only show its refusals.
 */
import { Button, Field, Input, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { DERIVED_PRESETS, derivedQueries, formatOperand, parseExpression, parseOperand, presetRequest, readDerived, type DerivedRequest, type PresetId } from '@econdata/analysis';
import { isEconError, type SeriesQuery } from '@econdata/core';
import { useMemo, useState, type ReactNode } from 'react';
import { fieldState } from './field-state.ts';
import { useFormStyles } from './styles.ts';

export interface DerivedFieldsProps {
  /** The series the fields open from (a chart's, a block's): the presets apply to it, and it is operand a. */
  series?: { query: SeriesQuery; transform?: string };
  /** Called with a request whose every part analysis accepts. */
  onSubmit(request: DerivedRequest): void;
  submitLabel?: string;
  busy?: boolean;
}

const useStyles = makeStyles({
  presets: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  operand: { fontFamily: tokens.fontFamilyMonospace },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
});

/** The years of a query, as the fields show them. */
function yearsText(q: SeriesQuery | undefined): { start: string; end: string } {
  if (!q) return { start: '', end: '' };
  if (q.kind === 'indicator') return { start: q.start_year?.toString() ?? '', end: q.end_year?.toString() ?? '' };
  if (q.kind === 'stock') return { start: q.start_date?.slice(0, 4) ?? '', end: q.end_date?.slice(0, 4) ?? '' };
  return { start: q.period?.slice(0, 4) ?? '', end: q.period?.slice(0, 4) ?? '' };
}

const whole = (s: string): number | undefined => (/^\s*\d{4}\s*$/.test(s) ? Number(s) : undefined);

/** The operand names an expression uses, or none while it does not parse. */
function namesOf(expression: string): string[] {
  try {
    return parseExpression(expression).names;
  } catch (e) {
    if (!isEconError(e)) throw e;
    return [];
  }
}

/** Presets and a formula over several series. */
export function DerivedFields({ series, onSubmit, submitLabel = 'Show derived series', busy }: DerivedFieldsProps): ReactNode {
  const form = useFormStyles();
  const styles = useStyles();
  const [expression, setExpression] = useState('a/b');
  const [operands, setOperands] = useState<Record<string, string>>(() => (series ? { a: formatOperand(series) } : {}));
  const [years, setYears] = useState(() => yearsText(series?.query));
  const [transform, setTransform] = useState('');
  const [presetError, setPresetError] = useState<string | null>(null);

  const names = useMemo(() => namesOf(expression), [expression]);
  // The whole request as analysis reads it: its refusal, by the field it concerns.
  const checked = useMemo((): { request?: DerivedRequest; parameter?: string; message?: string } => {
    try {
      const start = whole(years.start);
      const end = whole(years.end);
      if (years.start.trim() && start === undefined) return { parameter: 'start_year', message: 'A year such as 2000.' };
      if (years.end.trim() && end === undefined) return { parameter: 'end_year', message: 'A year such as 2023.' };
      const yearsGiven = { ...(start !== undefined ? { start_year: start } : {}), ...(end !== undefined ? { end_year: end } : {}) };
      parseExpression(expression);
      const request = readDerived(expression, names.map((n) => operands[n] ?? ''), yearsGiven, transform);
      derivedQueries(request);
      return { request };
    } catch (e) {
      if (!isEconError(e)) throw e;
      return { parameter: e.parameter ?? 'expression', message: e.message };
    }
  }, [expression, names, operands, years, transform]);

  const errorFor = (parameter: string): string | undefined => (checked.parameter === parameter ? checked.message : undefined);
  // Each operand's own refusal under its own field (the request's first refusal names only one).
  const operandErrors = useMemo(() => {
    const out: Record<string, string | undefined> = {};
    for (const n of names) {
      // An operand not written yet is no mistake: the button waits for it, the hint says what to write.
      if ((operands[n] ?? '').trim() === '') continue;
      try {
        parseOperand(n, operands[n] ?? '');
      } catch (e) {
        if (!isEconError(e)) throw e;
        out[n] = e.message;
      }
    }
    return out;
  }, [names, operands]);
  const operandsFine = names.every((n) => operandErrors[n] === undefined);
  // Until every operand is written, "no series is given for b" would only repeat the empty field.
  const allWritten = names.every((n) => (operands[n] ?? '').trim() !== '');

  // A preset applies to the series the fields opened from, else to what series a says.
  const presetBase = useMemo((): { query: SeriesQuery; transform?: string } | undefined => {
    if (series && operands['a'] === formatOperand(series)) return series;
    try {
      const start = whole(years.start);
      const end = whole(years.end);
      return parseOperand('a', operands['a'] ?? '', { ...(start !== undefined ? { start_year: start } : {}), ...(end !== undefined ? { end_year: end } : {}) });
    } catch (e) {
      if (!isEconError(e)) throw e;
      return undefined;
    }
  }, [series, operands, years]);

  const applyPreset = (id: PresetId): void => {
    if (!presetBase) return;
    try {
      const request = presetRequest(id, presetBase, transform.trim() ? transform : undefined);
      derivedQueries(request);
      setPresetError(null);
      onSubmit(request);
    } catch (e) {
      if (!isEconError(e)) throw e;
      setPresetError(e.message);
    }
  };

  return (
    <div className={form.form}>
      <section className={styles.section} aria-label="Presets">
        <Text weight="semibold">Presets</Text>
        <div className={styles.presets}>
          {DERIVED_PRESETS.map((p) => (
            <Button key={p.id} title={p.description} disabled={busy === true || !presetBase} onClick={() => applyPreset(p.id)}>{p.label}</Button>
          ))}
        </div>
        <Text size={200}>{presetBase ? `Over series a: ${formatOperand(presetBase)}` : 'Write series a below, then pick a preset.'}</Text>
        {presetError && <Text role="alert">{presetError}</Text>}
      </section>
      <section className={styles.section} aria-label="Formula">
        <Text weight="semibold">Formula</Text>
        <Field label="Expression" {...fieldState('operands a, b, c ...; + - * / ^ and parentheses, e.g. a/b*100', names.length === 0 || (operandsFine && allWritten) ? errorFor('expression') : undefined)}>
          <Input className={form.input} value={expression} onChange={(_, d) => setExpression(d.value)} />
        </Field>
        {names.map((n) => (
          <Field key={n} label={`Series ${n}`} {...fieldState('e.g. WB/NY.GDP.MKTP.CD/VN, GSO/CPI.MOM/monthly Level=pch', operandErrors[n])}>
            <Input className={mergeClasses(form.input, styles.operand)} value={operands[n] ?? ''} onChange={(_, d) => setOperands((o) => ({ ...o, [n]: d.value }))} />
          </Field>
        ))}
        {checked.parameter === 'operand' && operandsFine && allWritten && <Text role="alert">{checked.message}</Text>}
        <div className={form.row}>
          <Field label="From year" {...fieldState(undefined, errorFor('start_year'))}>
            <Input className={form.input} value={years.start} inputMode="numeric" placeholder="first" onChange={(_, d) => setYears((y) => ({ ...y, start: d.value }))} />
          </Field>
          <Field label="To year" {...fieldState(undefined, errorFor('end_year'))}>
            <Input className={form.input} value={years.end} inputMode="numeric" placeholder="last" onChange={(_, d) => setYears((y) => ({ ...y, end: d.value }))} />
          </Field>
          <Field label="Transform of the result" {...fieldState('e.g. Units=pc1', operandsFine && allWritten && checked.parameter && !['expression', 'operand', 'start_year', 'end_year'].includes(checked.parameter) ? checked.message : undefined)}>
            <Input className={form.input} value={transform} placeholder="none" onChange={(_, d) => setTransform(d.value)} />
          </Field>
        </div>
        <div className={form.actions}>
          <Button appearance="primary" disabled={busy === true || !checked.request} onClick={() => checked.request && onSubmit(checked.request)}>{submitLabel}</Button>
        </div>
      </section>
    </div>
  );
}
