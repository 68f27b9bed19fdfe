/**
 * The transform control beside the chart: the common choices one click away (level, % change,
 * % change from a year ago, annualized, log, index = 100, moving average, seasonally adjusted with
 * or without Tết for monthly and quarterly series, the original beside the adjusted one, frequency), every option
 * in "More options" through @econdata/ui's TransformFields, and the canonical text in use. It
 * only writes @econdata/analysis's text; main fetches and applies it.
 */
import { FREQUENCY_RANK, parseTransform, PER_FREQUENCY } from '@econdata/analysis';
import type { Frequency } from '@econdata/core';
import {
  Button, Checkbox, makeStyles, Popover, useId, PopoverSurface, PopoverTrigger, Select, Text, ToggleButton, tokens,
} from '@fluentui/react-components';
import { Options20Regular } from '@fluentui/react-icons';
import { TransformFields } from '@econdata/ui';
import { choose, chooseSeasonal, isChosen, QUICK_CHOICES, SEASONAL_CHOICES, seasonalOf, seasonalOffered, withPer } from './transform-choices.ts';

const useStyles = makeStyles({
  bar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
  label: { marginRight: tokens.spacingHorizontalXS },
  select: { minWidth: '150px' },
  surface: { width: '420px', maxWidth: '90vw' },
});

const FREQUENCIES: ReadonlyArray<readonly [Frequency, string]> = [['monthly', 'Monthly'], ['quarterly', 'Quarterly'], ['annual', 'Annual']];

export interface TransformBarProps {
  /** The transform in use (canonical text; '' for none). */
  value: string;
  onChange(text: string): void;
  /** The frequency shown now (a moving average's window follows it). */
  shown: Frequency;
  /** The lowest frequency the series come in: conversion is offered below it only. */
  native: Frequency | undefined;
  /** Where Index = 100 puts its base: the first year shown. */
  baseYear: string;
  busy: boolean;
  /** The original series beside the seasonally adjusted one (offered while SA is chosen). */
  original?: { on: boolean; onChange(on: boolean): void };
}

/** The transform control. */
export function TransformBar({ value, onChange, shown, native, baseYear, busy, original }: TransformBarProps) {
  const styles = useStyles();
  const convertId = useId('convert-to');
  const lower = FREQUENCIES.filter(([f]) => native !== undefined && FREQUENCY_RANK[f] < FREQUENCY_RANK[native]);
  const chosenPer = parseTransform(value).per;
  const per = chosenPer === undefined ? undefined : PER_FREQUENCY[chosenPer];
  return (
    <div className={styles.bar} role="group" aria-label="Transform">
      <Text className={styles.label} weight="semibold" size={200}>Show as</Text>
      {QUICK_CHOICES.map(([choice, label]) => {
        const on = isChosen(value, choice);
        return (
          <ToggleButton key={choice} size="small" checked={on} appearance={on ? 'primary' : 'secondary'} disabled={busy} onClick={() => onChange(choose(value, choice, shown, baseYear))}>
            {label}
          </ToggleButton>
        );
      })}
      {seasonalOffered(shown) ? SEASONAL_CHOICES.map(([method, label]) => {
        const on = seasonalOf(value) === method;
        return (
          <ToggleButton key={method} size="small" checked={on} appearance={on ? 'primary' : 'secondary'} disabled={busy} onClick={() => onChange(chooseSeasonal(value, method))}>
            {label}
          </ToggleButton>
        );
      }) : null}
      {original && seasonalOf(value) ? (
        <Checkbox label="With the original" checked={original.on} disabled={busy} onChange={(_, d) => original.onChange(d.checked === true)} />
      ) : null}
      {lower.length > 0 ? (
        <Text id={convertId} className={styles.label} weight="semibold" size={200}>Convert to</Text>
      ) : null}
      {lower.length > 0 ? (
        <Select size="small" className={styles.select} aria-labelledby={convertId} value={per ?? ''} disabled={busy} onChange={(_, d) => onChange(withPer(value, (d.value || undefined) as Frequency | undefined))}>
          <option value="">As published</option>
          {lower.map(([f, label]) => <option key={f} value={f}>{label}</option>)}
        </Select>
      ) : null}
      <Popover withArrow trapFocus>
        <PopoverTrigger disableButtonEnhancement>
          <Button size="small" appearance="subtle" icon={<Options20Regular />} disabled={busy}>More options</Button>
        </PopoverTrigger>
        <PopoverSurface className={styles.surface} aria-label="Transform options">
          {/* Remounted on each change from outside: the fields read their text once. */}
          <TransformFields key={value} value={value} onChange={onChange} {...(native === undefined ? {} : { frequency: native })} />
        </PopoverSurface>
      </Popover>
      {value ? <Text font="monospace" size={200} data-testid="transform-text">{value}</Text> : null}
    </div>
  );
}
