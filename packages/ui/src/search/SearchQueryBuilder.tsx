/**
 * The search box across every source above the query builder, as both apps show them: a result
 * added in the search goes into the builder's indicators (its source chosen with it), and the first
 * country ticked in the builder is the one the results say whether data exists for.
 */
import { makeStyles, tokens } from '@fluentui/react-components';
import { useState, type ReactNode } from 'react';
import { useCountries } from '../data/hooks.ts';
import { QueryBuilder, type QueryBuilderProps } from '../query/QueryBuilder.tsx';
import { IndicatorSearch } from './IndicatorSearch.tsx';
import type { QueryMemoryStore } from './query-memory.ts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
});

export interface SearchQueryBuilderProps extends Omit<QueryBuilderProps, 'picked' | 'onCountriesChange'> {
  /** Where recent and favourite searches are kept (the app's own storage). */
  memory?: QueryMemoryStore | undefined;
  /** Shown between the search and the builder (the add-in's "Insert as" choice). */
  between?: ReactNode;
}

/** IndicatorSearch, then QueryBuilder, wired together. */
export function SearchQueryBuilder({ memory, between, ...builder }: SearchQueryBuilderProps): ReactNode {
  const styles = useStyles();
  const [picked, setPicked] = useState<{ source: string; code: string; seq: number } | undefined>();
  const [added, setAdded] = useState<string[]>([]);
  const [countries, setCountries] = useState<string[]>([]);
  const { data: countryList } = useCountries();
  const first = countries[0];
  const country = first ? { code: first, name: countryList?.find((c) => c.code === first)?.name ?? first } : undefined;
  return (
    <div className={styles.root}>
      <IndicatorSearch
        memory={memory}
        country={country}
        added={added}
        onAdd={(entry) => {
          setPicked((p) => ({ source: entry.source, code: entry.code, seq: (p?.seq ?? 0) + 1 }));
          const key = `${entry.source}:${entry.code}`;
          setAdded((a) => (a.length > 0 && !a[0]!.startsWith(`${entry.source}:`) ? [key] : a.includes(key) ? a : [...a, key]));
        }}
      />
      {between}
      <QueryBuilder {...builder} picked={picked} onCountriesChange={setCountries} />
    </div>
  );
}
