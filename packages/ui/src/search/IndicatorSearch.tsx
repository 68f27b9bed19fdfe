/**
 * One search box across every source: the catalogue (core, through useCatalogue) searched with
 * searchIndicators as the user types; the source picker stays as a filter. Each result shows source,
 * code, name, unit, frequency, years and, for a chosen country, whether the source has data for it;
 * the active result's series card sits beside the list. Keyboard as in the pickers: ArrowDown from
 * the box into the list, Up/Down/Home/End move, Enter adds, Tab leaves (the list is one Tab stop).
 * A mouse adds with the row's "+ Add" or a double click.
 */
import { Badge, Button, Field, Label, makeStyles, mergeClasses, SearchBox, Select, Spinner, Text, tokens } from '@fluentui/react-components';
import { Star20Filled, Star20Regular } from '@fluentui/react-icons';
import { useDeferredValue, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { indicatorName } from '@econdata/core';
import { useCatalogue } from '../data/hooks.ts';
import { useNameLanguage } from '../data/provider.tsx';
import { ErrorMessage } from '../errors/ErrorMessage.tsx';
import { econTokens } from '../theme/EconThemeProvider.tsx';
import type { QueryMemoryStore } from './query-memory.ts';
import { dataFor, resultLine } from './result-text.ts';
import { searchIndicators, type SearchEntry } from './search-indicators.ts';
import { SeriesCard } from './SeriesCard.tsx';
import { useQueryMemory } from './use-query-memory.ts';

const LIMIT = 50;

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  bar: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', gap: tokens.spacingHorizontalS, alignItems: 'end' },
  search: { width: '100%', maxWidth: 'none' },
  filter: { minWidth: 0, maxWidth: '100%' },
  filterField: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  addHint: { color: tokens.colorBrandForeground1, fontSize: tokens.fontSizeBase200, whiteSpace: 'nowrap', paddingTop: '2px' },
  chips: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, alignItems: 'center' },
  status: { color: tokens.colorNeutralForeground3 },
  list: {
    maxHeight: econTokens.listMaxHeight, overflowY: 'auto', margin: 0, padding: `${tokens.spacingVerticalXS} 0`, listStyleType: 'none',
    border: `1px solid ${tokens.colorNeutralStroke1}`, borderRadius: tokens.borderRadiusMedium, backgroundColor: tokens.colorNeutralBackground1,
  },
  row: {
    display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr) auto', columnGap: tokens.spacingHorizontalS, alignItems: 'start',
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`, cursor: 'pointer', outlineStyle: 'none',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  },
  active: { backgroundColor: tokens.colorBrandBackground2 },
  text: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  name: { overflowWrap: 'anywhere' },
  line: { color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
});

export interface IndicatorSearchProps {
  /** Enter or Add on a result. */
  onAdd(entry: SearchEntry): void;
  /** Results already added ("WB:FP.CPI.TOTL.ZG"), marked as such. */
  added?: readonly string[];
  /** A chosen country: each result says whether its source has data for it. */
  country?: { code: string; name: string } | undefined;
  /** Where recent and favourite searches are kept (the app's own storage); without one, for this screen only. */
  memory?: QueryMemoryStore | undefined;
  label?: string;
}

const keyOf = (e: SearchEntry): string => `${e.source}:${e.code}`;

/** The search box, the source filter, recent and favourite searches, the results and the series card. */
export function IndicatorSearch({ onAdd, added = [], country, memory: store, label = 'Search every source' }: IndicatorSearchProps): ReactNode {
  const styles = useStyles();
  const id = useId();
  const { status, data, error, reload } = useCatalogue();
  const language = useNameLanguage();
  const [text, setText] = useState('');
  const [source, setSource] = useState('');
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const { memory, run, star } = useQueryMemory(store);
  // Typing stays responsive while a search of 10,000 indicators runs: React renders the results for the latest text it can.
  const query = useDeferredValue(text);
  const results = useMemo(() => (data ? searchIndicators(data.entries, query, { limit: LIMIT, ...(source ? { source } : {}) }) : []), [data, query, source]);
  const active = results.find((r) => keyOf(r) === activeKey) ?? results[0];
  const sources = data?.catalogue.sources ?? [];
  const sourceOf = (code: string) => sources.find((s) => s.source.code === code)?.source;
  const readable = sources.filter((s) => s.status === 'ready').map((s) => s.source.code);
  const refused = sources.filter((s) => s.status === 'not_in_plan').map((s) => s.source.code);
  const failed = sources.filter((s) => s.status === 'failed').map((s) => s.source.code);
  const starred = text.trim() !== '' && memory.favourites.some((f) => f.toLowerCase() === text.trim().toLowerCase());

  const add = (entry: SearchEntry): void => {
    run(text);
    onAdd(entry);
  };
  const rows = (): HTMLElement[] => [...(listRef.current?.querySelectorAll<HTMLElement>('[role="option"]') ?? [])];
  const onListKey = (event: KeyboardEvent<HTMLUListElement>): void => {
    const all = rows();
    const at = all.indexOf(event.target as HTMLElement);
    if (at < 0) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      const entry = results[at];
      if (entry) add(entry);
      return;
    }
    const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: all.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    all[Math.max(0, Math.min(all.length - 1, to))]?.focus();
  };

  const chip = (t: string, kind: 'favourite' | 'recent') => (
    <Button key={`${kind}-${t}`} size="small" shape="circular" appearance={kind === 'favourite' ? 'outline' : 'subtle'} icon={kind === 'favourite' ? <Star20Filled /> : null} onClick={() => { setText(t); run(t); }} aria-label={`Search again: ${t}`}>{t}</Button>
  );

  let status_: string;
  if (status === 'loading' && !data) status_ = 'Loading the indicators of every source…';
  else if (!data) status_ = '';
  else {
    const parts = [`${data.entries.length.toLocaleString('en')} indicators in ${readable.join(', ') || 'no source'}`];
    if (refused.length > 0) parts.push(`${refused.join(', ')}: not in your plan`);
    if (failed.length > 0) parts.push(`${failed.join(', ')}: could not be listed`);
    if (query.trim()) parts.unshift(results.length === LIMIT ? `the first ${LIMIT} matches` : `${results.length} ${results.length === 1 ? 'match' : 'matches'}`);
    status_ = parts.join(' · ');
  }

  return (
    <div className={styles.root} role="search" aria-label="Indicators of every source">
      <div className={styles.bar}>
        <Field label={label}>
          <SearchBox
            className={styles.search}
            value={text}
            placeholder="e.g. inflation, lạm phát, gdp growth, NY.GDP"
            onChange={(_, d) => { setText(d.value); setActiveKey(null); }}
            onKeyDown={(e) => {
              if (e.key === 'ArrowDown') { e.preventDefault(); rows()[0]?.focus(); }
              if (e.key === 'Enter') run(text);
            }}
            {...(results.length > 0 ? { 'aria-controls': `${id}-results` } : {})}
          />
        </Field>
        <div className={styles.filterField}>
          <Label htmlFor={`${id}-source`}>In</Label>
          <Select id={`${id}-source`} className={styles.filter} value={source} onChange={(_, d) => setSource(d.value)}>
            <option value="">All sources</option>
            {sources.map((s) => (
              <option key={s.source.code} value={s.source.code} disabled={s.status !== 'ready'}>
                {s.source.code}{s.status === 'not_in_plan' ? ' (not in your plan)' : s.status === 'failed' ? ' (could not be listed)' : ''}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <div className={styles.chips}>
        {text.trim() ? (
          <Button size="small" appearance="subtle" icon={starred ? <Star20Filled /> : <Star20Regular />} aria-pressed={starred} onClick={() => star(text)}>
            {starred ? 'Favourite' : 'Add to favourites'}
          </Button>
        ) : null}
        {!text.trim() && memory.favourites.length > 0 ? <><Text size={200} className={styles.status}>Favourites</Text>{memory.favourites.map((f) => chip(f, 'favourite'))}</> : null}
        {!text.trim() && memory.recent.length > 0 ? <><Text size={200} className={styles.status}>Recent</Text>{memory.recent.map((r) => chip(r, 'recent'))}</> : null}
      </div>
      <Text size={200} className={styles.status} aria-live="polite">{status_}</Text>
      {status === 'error' ? <ErrorMessage error={error} onRetry={reload} /> : null}
      {status === 'loading' && !data ? <Spinner size="tiny" /> : null}
      {query.trim() && data && results.length === 0 ? (
        <Text size={200}>{`Nothing matches “${query.trim()}”${source ? ` in ${source}` : ''}. Try fewer words, another spelling, or a code (e.g. NY.GDP).`}</Text>
      ) : null}
      {results.length > 0 ? (
        <ul ref={listRef} id={`${id}-results`} className={styles.list} role="listbox" aria-label="Matching indicators" data-query={query} onKeyDown={onListKey}>
          {results.map((entry) => {
            const key = keyOf(entry);
            const isActive = active !== undefined && keyOf(active) === key;
            const isAdded = added.includes(key);
            return (
              <li
                key={key}
                data-result={`${entry.source} ${entry.code}`}
                role="option"
                aria-selected={isActive}
                tabIndex={isActive ? 0 : -1}
                className={mergeClasses(styles.row, isActive && styles.active)}
                onFocus={() => setActiveKey(key)}
                onClick={() => setActiveKey(key)}
                onDoubleClick={() => add(entry)}
              >
                <Badge appearance="tint" color={entry.source === 'GSO' ? 'danger' : entry.source === 'IMF' ? 'success' : 'brand'}>{entry.source}</Badge>
                <span className={styles.text}>
                  <Text size={300} className={styles.name}>{indicatorName(entry, language)}</Text>
                  <Text size={200} className={styles.line}>{[entry.code, resultLine(entry), country ? `${country.name}: ${dataFor(entry, country.code)}` : ''].filter((x) => x).join(' · ')}</Text>
                </span>
                {/* Not a button: an option holds no control of its own (Enter adds from the keyboard). */}
                <span className={styles.addHint} aria-hidden="true" onClick={(e) => { e.stopPropagation(); if (!isAdded) add(entry); }}>
                  {isAdded ? 'Added' : '+ Add'}
                </span>
              </li>
            );
          })}
        </ul>
      ) : null}
      {active ? <SeriesCard entry={active} source={sourceOf(active.source)} country={country} /> : null}
    </div>
  );
}
