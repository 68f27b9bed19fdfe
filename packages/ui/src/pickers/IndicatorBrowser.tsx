/**
 * Searches a source's indicators and selects one or several (unit, frequency and coverage shown).
 * The list is the catalogue's (core's, fetched once for every source) and the search is
 * `searchIndicators` filtered by the source: the same matching as the search across every source
 * (accents, typos, synonyms: "lạm phát" finds GSO's CPI here too), not the service's own `q`.
 */
import { indicatorName, type IndicatorInfo } from '@econdata/core';
import { Button, Field, makeStyles, SearchBox, Spinner, Text, tokens } from '@fluentui/react-components';
import { useDeferredValue, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useCatalogue } from '../data/hooks.ts';
import { useNameLanguage } from '../data/provider.tsx';
import { searchIndicators } from '../search/search-indicators.ts';
import { ErrorMessage } from '../errors/ErrorMessage.tsx';
import { EmptyState } from '../EmptyState.tsx';
import { CheckList, focusFirstCheckbox, type CheckListItem } from './CheckList.tsx';
import { SelectedTags } from './SelectedTags.tsx';

/** Rows rendered at most (GSO lists 686 indicators); a search narrows the rest. */
const MAX_ROWS = 100;

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  search: { width: '100%', maxWidth: 'none' },
  bar: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS, minHeight: '24px' },
});

/** "current US$ · annual · 1960–2023": the secondary line of an indicator. */
function indicatorDescription(i: IndicatorInfo): string {
  const parts: string[] = [];
  if (i.unit) parts.push(i.unit);
  if (i.frequencies && i.frequencies.length > 0) parts.push(i.frequencies.join(', '));
  if (i.first_period || i.last_period) parts.push(`${i.first_period ?? '?'}–${i.last_period ?? '?'}`);
  return parts.join(' · ');
}

export interface IndicatorBrowserProps {
  /** The source code whose indicators are listed; nothing is listed while undefined. */
  source: string | undefined;
  /** Selected indicator codes. */
  selected: readonly string[];
  onChange(codes: string[]): void;
  label?: string;
  /** A validation error to show under the field (from the QueryBuilder). */
  validationMessage?: string;
  /** Allow several (default true); with false, choosing one replaces the previous choice. */
  multiple?: boolean;
}

/** A search box over a source's indicators and a checkbox list of the matches. */
export function IndicatorBrowser({ source, selected, onChange, label = 'Indicators', validationMessage, multiple = true }: IndicatorBrowserProps): ReactNode {
  const styles = useStyles();
  const [search, setSearch] = useState('');
  const catalogue = useCatalogue();
  const language = useNameLanguage();
  const query = useDeferredValue(search.trim());
  const listed = catalogue.data?.catalogue.sources.find((s) => s.source.code === source);
  const entries = catalogue.data?.entries;
  const data = useMemo(() => {
    if (!entries || source === undefined) return undefined;
    // Every indicator of the source in the service's order; a search ranks them best first.
    return query ? searchIndicators(entries, query, { source, limit: entries.length }) : entries.filter((e) => e.source === source);
  }, [entries, source, query]);
  const { status, error, reload } = catalogue;
  const empty = data !== undefined && data.length === 0;
  const id = useId();
  const listBox = useRef<HTMLDivElement>(null);
  // Names of every indicator seen in this source's answers, so a choice keeps its name in the tags
  // after a new search no longer lists it.
  const names = useRef(new Map<string, string>());
  for (const i of data ?? []) names.current.set(i.code, indicatorName(i, language));

  const items: CheckListItem[] = (data ?? []).slice(0, MAX_ROWS).map((i) => ({ value: i.code, label: `${indicatorName(i, language)} (${i.code})`, description: indicatorDescription(i) }));
  const toggle = (code: string, checked: boolean): void => {
    if (!multiple) onChange(checked ? [code] : []);
    else onChange(checked ? [...selected.filter((c) => c !== code), code] : selected.filter((c) => c !== code));
  };

  let body: ReactNode;
  if (source === undefined) body = <EmptyState title="Choose a source first" description="Its indicators appear here." />;
  else if (status === 'error') body = <ErrorMessage error={error} onRetry={reload} />;
  else if (listed?.status === 'not_in_plan') body = <EmptyState title={`${source} is not in your plan`} description="Your key may not read this source's indicators; the other sources work." />;
  else if (listed?.status === 'failed') body = <ErrorMessage error={listed.error} onRetry={reload} />;
  else if (empty) body = <EmptyState title={search.trim() ? `No ${source} indicator matches “${search.trim()}”` : `${source} lists no indicators`} description={search.trim() ? 'Try a shorter word, or search by code (e.g. NY.GDP).' : undefined} />;
  else if (!data) body = <Spinner size="tiny" label="Loading indicators…" />;
  else body = <CheckList items={items} selected={selected} onToggle={toggle} ariaLabel={`${label} of ${source}`} idPrefix={id} />;

  return (
    <div className={styles.root}>
      <Field label={label} {...(validationMessage ? { validationMessage, validationState: 'error' as const } : {})}>
        <SearchBox
          className={styles.search}
          value={search}
          placeholder="Search by name or code"
          onChange={(_, d) => setSearch(d.value)}
          onKeyDown={(e) => { if (e.key === 'ArrowDown') { e.preventDefault(); focusFirstCheckbox(listBox.current); } }}
          aria-label={`Search ${label.toLowerCase()}`}
        />
      </Field>
      {multiple ? (
        <SelectedTags
          items={selected.map((code) => ({ value: code, text: code, name: names.current.get(code) ?? code }))}
          onRemove={(code) => toggle(code, false)}
          ariaLabel={`Selected ${label.toLowerCase()}`}
        />
      ) : null}
      <div className={styles.bar} aria-live="polite">
        <Text size={200}>{query !== search.trim() ? 'Searching…' : data && data.length > 0 ? (data.length > MAX_ROWS ? `${MAX_ROWS} of ${data.length} shown: type to narrow · ${selected.length} selected` : `${data.length} shown · ${selected.length} selected`) : ''}</Text>
        {selected.length > 0 ? <Button size="small" appearance="subtle" onClick={() => onChange([])}>Clear selection</Button> : null}
      </div>
      <div ref={listBox}>{body}</div>
    </div>
  );
}
