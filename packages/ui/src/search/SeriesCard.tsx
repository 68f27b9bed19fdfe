/** What one indicator is, without leaving the screen: its source note, unit, frequency, coverage, last update, organisation. */
import { indicatorName, type SourceInfo } from '@econdata/core';
import { makeStyles, Text, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useNameLanguage } from '../data/provider.tsx';
import { coverageText, dataFor } from './result-text.ts';
import type { SearchEntry } from './search-indicators.ts';

const useStyles = makeStyles({
  card: {
    display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, padding: tokens.spacingHorizontalM,
    border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, backgroundColor: tokens.colorNeutralBackground2, minWidth: 0,
  },
  facts: { display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: tokens.spacingHorizontalM, rowGap: '2px', margin: 0 },
  term: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  value: { margin: 0, fontSize: tokens.fontSizeBase200, overflowWrap: 'anywhere' },
  note: { fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
});

export interface SeriesCardProps {
  entry: SearchEntry;
  /** The entry's source as GET /sources lists it (organisation, last update). */
  source?: SourceInfo | undefined;
  /** A chosen country (ISO2) and its name: the card says whether the source has data for it. */
  country?: { code: string; name: string } | undefined;
}

/** The series card: a labelled region naming the indicator. */
export function SeriesCard({ entry, source, country }: SeriesCardProps): ReactNode {
  const styles = useStyles();
  const name = indicatorName(entry, useNameLanguage());
  const facts: Array<[string, string]> = [
    ['Code', `${entry.source} ${entry.code}`],
    ['Unit', entry.unit ?? 'not stated'],
    ['Frequency', entry.frequencies && entry.frequencies.length > 0 ? entry.frequencies.join(', ') : 'not stated'],
    ['Coverage', coverageText(entry) || 'not stated'],
    ['Last update', source?.last_updated ?? 'not stated'],
    ['Source', source?.name ?? entry.source],
  ];
  // Shown in Vietnamese, the card still gives the service's English name (what an English source cites).
  if (name !== entry.name) facts.splice(1, 0, ['In English', entry.name]);
  if (country) facts.push([`Data for ${country.name}`, dataFor(entry, country.code)]);
  return (
    <section className={styles.card} aria-label={`About ${name}`}>
      <Text weight="semibold">{name}</Text>
      <dl className={styles.facts}>
        {facts.map(([term, value]) => [
          <dt key={`${term}-t`} className={styles.term}>{term}</dt>,
          <dd key={`${term}-v`} className={styles.value}>{value}</dd>,
        ])}
      </dl>
      {entry.description ? <Text className={styles.note}>{entry.description}</Text> : <Text className={styles.note}>The service gives no description for this indicator.</Text>}
    </section>
  );
}
