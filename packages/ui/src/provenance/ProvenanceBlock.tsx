/**
 * Where data came from: source, last update, retrieval time, the request sent (a derived series: its
 * formula and every operand's request), the months kept on the client of a trade range, its
 * transform and warnings, and a stale-copy warning.
 */
import { sentQuery, type Series } from '@econdata/core';
import { monthsText } from '@econdata/sheets';
import { makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { ClockWarningRegular } from '@fluentui/react-icons';
import { Fragment, type ReactNode } from 'react';
import { formatDateTime } from '../format/time.ts';
import { queryText } from './query-text.ts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  item: { borderLeft: `3px solid ${tokens.colorBrandStroke1}`, paddingLeft: tokens.spacingHorizontalM, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  staleItem: { borderLeftColor: tokens.colorPaletteMarigoldBorder2 },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  list: { display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: tokens.spacingHorizontalM, rowGap: '2px', margin: 0 },
  term: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  value: { margin: 0, fontSize: tokens.fontSizeBase200, overflowWrap: 'anywhere' },
  // A query string has no spaces: break it anywhere so it fills the line instead of jumping below.
  // Not a Fluent Badge: a badge has a fixed height, and this sentence must wrap in a taskpane.
  stale: {
    display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, padding: `2px ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium, backgroundColor: tokens.colorPaletteYellowBackground1, color: tokens.colorNeutralForeground1,
    border: `1px solid ${tokens.colorPaletteMarigoldBorder2}`, fontSize: tokens.fontSizeBase200, fontWeight: tokens.fontWeightSemibold,
  },
  code: { fontFamily: tokens.fontFamilyMonospace, wordBreak: 'break-all' },
  warning: { color: tokens.colorPaletteMarigoldForeground2, overflowWrap: 'anywhere' },
});

export interface ProvenanceBlockProps {
  /** One Series or several (one entry each). */
  series: Series | readonly Series[];
  /** Time zone for the times shown (default the runtime's). */
  timeZone?: string;
  /** Show at most this many entries, then "and N more" (default 6). */
  max?: number;
}

/** "Stale: cached copy from 2026-11-20 09:12", the badge's words. */
function staleText(series: Series, timeZone?: string): string {
  return `Stale: cached copy from ${formatDateTime(new Date(series.provenance.retrieved_at), timeZone)}`;
}

/** Provenance of one or more Series, each with its source, dates and query. */
export function ProvenanceBlock({ series, timeZone, max = 6 }: ProvenanceBlockProps): ReactNode {
  const styles = useStyles();
  const list: readonly Series[] = Array.isArray(series) ? series : [series as Series];
  const shown = list.slice(0, max);
  return (
    <section className={styles.root} aria-label="Provenance">
      {shown.map((s) => {
        const p = s.provenance;
        return (
          <article key={s.id} className={mergeClasses(styles.item, p.stale && styles.staleItem)} aria-label={`Provenance of ${s.title}`}>
            <div className={styles.head}>
              <Text weight="semibold">{s.title}</Text>
              {p.stale ? <span className={styles.stale}><ClockWarningRegular aria-hidden />{staleText(s, timeZone)}</span> : null}
            </div>
            <dl className={styles.list}>
              <dt className={styles.term}>Source</dt><dd className={styles.value}>{p.source}</dd>
              <dt className={styles.term}>Last updated</dt><dd className={styles.value}>{p.last_updated ?? 'not stated by the source'}</dd>
              <dt className={styles.term}>Retrieved</dt><dd className={styles.value}>{formatDateTime(new Date(p.retrieved_at), timeZone)}</dd>
              {p.derivation ? (
                // A derived series is its formula and every operand's query: what it was computed from, and how to compute it again.
                <>
                  <dt className={styles.term}>Formula</dt><dd className={mergeClasses(styles.value, styles.code)}>{p.derivation.expression}</dd>
                  {p.derivation.operands.map((o) => (
                    <Fragment key={o.name}>
                      <dt className={styles.term}>{o.name}</dt>
                      <dd className={mergeClasses(styles.value, styles.code)}>{`${queryText(sentQuery(o.query))}${o.transform ? ` (${o.transform})` : ''} · ${o.source}${monthsText(o.query) ? ` · Months: ${monthsText(o.query)}` : ''}`}</dd>
                    </Fragment>
                  ))}
                </>
              ) : <><dt className={styles.term}>Query</dt><dd className={mergeClasses(styles.value, styles.code)}>{queryText(sentQuery(p.query))}</dd></>}
              {/* A trade range is no request parameter: the months kept from the answer are said apart, as in exports. */}
              {!p.derivation && monthsText(p.query) ? <><dt className={styles.term}>Months</dt><dd className={styles.value}>{monthsText(p.query)}</dd></> : null}
              {p.transform ? <><dt className={styles.term}>Transform</dt><dd className={mergeClasses(styles.value, styles.code)}>{p.transform}</dd></> : null}
            </dl>
            {/* What the engine says a reader must see (e.g. a % change of a percentage): never folded away. */}
            {(p.warnings ?? []).map((w) => <Text key={w} size={200} role="note" className={styles.warning}>{w}</Text>)}
          </article>
        );
      })}
      {list.length > shown.length ? <Text size={200}>{`and ${list.length - shown.length} more series`}</Text> : null}
    </section>
  );
}
