/** The language series names are shown in, for both apps' settings: English or Vietnamese. */
import { readNameLanguage, type NameLanguage } from '@econdata/core';
import { Field, Select } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const CHOICES: ReadonlyArray<[NameLanguage, string]> = [['en', 'English'], ['vi', 'Tiếng Việt (Vietnamese)']];

export interface NameLanguageFieldProps {
  value: NameLanguage;
  onChange(language: NameLanguage): void;
  label?: string;
}

/**
 * A labelled choice of the series-name language. Vietnamese shows the service's Vietnamese names
 * (GSO's) in pickers, charts, tables, blocks and exports; a series without one keeps its English name.
 */
export function NameLanguageField({ value, onChange, label = 'Series names' }: NameLanguageFieldProps): ReactNode {
  return (
    <Field label={label} hint="Vietnamese where the service names a series in Vietnamese (GSO); English otherwise.">
      <Select value={value} onChange={(_, d) => onChange(readNameLanguage(d.value))}>
        {CHOICES.map(([code, text]) => <option key={code} value={code}>{text}</option>)}
      </Select>
    </Field>
  );
}
