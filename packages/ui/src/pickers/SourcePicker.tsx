/** Chooses one data source (WB, IMF, GSO, ...) from GET /sources. */
import type { SourceInfo } from '@econdata/core';
import { Field, makeStyles, Select, Spinner } from '@fluentui/react-components';
import { useEffect, type ReactNode } from 'react';
import { useSources } from '../data/hooks.ts';
import { ErrorMessage } from '../errors/ErrorMessage.tsx';
import { EmptyState } from '../EmptyState.tsx';

export interface SourcePickerProps {
  /** The selected source code. */
  value: string | undefined;
  onChange(code: string, source: SourceInfo | undefined): void;
  label?: string;
  /** Select the first source once the list arrives, when nothing is selected (default true). */
  selectFirst?: boolean;
}

// A long source name must not push the select past a 320 px taskpane: the select shrinks, the text clips.
const useStyles = makeStyles({
  root: { width: '100%', minWidth: 0 },
  field: { maxWidth: '560px' },
  select: { minWidth: 0, width: '100%', textOverflow: 'ellipsis' },
});

/** The hint under the select: what the source is and how fresh. */
function sourceHint(source: SourceInfo | undefined): string {
  if (!source) return '';
  const parts = [source.description ?? ''];
  if (source.indicator_count !== undefined) parts.push(`${source.indicator_count} indicators`);
  if (source.last_updated) parts.push(`updated ${source.last_updated}`);
  return parts.filter(Boolean).join(' · ');
}

/** A labelled select of sources with loading, error and empty states. */
export function SourcePicker({ value, onChange, label = 'Source', selectFirst = true }: SourcePickerProps): ReactNode {
  const { status, data, error, empty, reload } = useSources();
  const styles = useStyles();
  const first = data?.[0];
  useEffect(() => {
    if (selectFirst && value === undefined && first) onChange(first.code, first);
  }, [selectFirst, value, first, onChange]);

  if (status === 'error') return <ErrorMessage error={error} onRetry={reload} />;
  if (empty) return <EmptyState title="No sources" description="The service lists no data sources. Check the base URL in the connection settings." />;
  if (!data) return <Spinner size="tiny" label="Loading sources…" />;
  const selected = data.find((s) => s.code === value);
  return (
    <Field className={styles.field} label={label} hint={sourceHint(selected)}>
      <Select className={styles.root} select={{ className: styles.select }} value={value ?? ''} onChange={(_, d) => onChange(d.value, data.find((s) => s.code === d.value))}>
        {value === undefined ? <option value="" disabled>Choose a source</option> : null}
        {data.map((s) => <option key={s.code} value={s.code}>{s.name.includes(`(${s.code})`) ? s.name : `${s.name} (${s.code})`}</option>)}
      </Select>
    </Field>
  );
}
