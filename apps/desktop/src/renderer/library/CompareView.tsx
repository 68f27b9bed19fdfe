/**
 * Two exports of the same query side by side in time: what changed, in sentences, then the newer
 * export's table with every revised value highlighted (old value, new value and the change in the
 * cell's tooltip), added values in green and values only the older one had struck through.
 */
import { useEffect, useMemo, useState } from 'react';
import type { Series } from '@econdata/core';
import { makeStyles, mergeClasses, MessageBar, MessageBarBody, MessageBarTitle, tokens } from '@fluentui/react-components';
import type { CompareResult } from '../../shared/contract.ts';
import { SeriesView } from '../series/SeriesView.tsx';
import { cellChange, changeIndex, diffSummary, revisionLines } from './compare-model.ts';
import { useSession } from '../app/session.tsx';
import { AppError } from '../app/AppError.tsx';

const useStyles = makeStyles({
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
  legend: { display: 'flex', gap: tokens.spacingHorizontalM, fontSize: tokens.fontSizeBase200, alignItems: 'center' },
  swatch: { display: 'inline-block', width: '12px', height: '12px', marginRight: tokens.spacingHorizontalXS, verticalAlign: 'middle', border: `1px solid ${tokens.colorNeutralStroke1}` },
  revised: { backgroundColor: tokens.colorPaletteYellowBackground2 },
  added: { backgroundColor: tokens.colorPaletteGreenBackground2 },
  removed: { backgroundColor: tokens.colorPaletteRedBackground2 },
});

const when = (iso: string): string => iso.replace('T', ' ').slice(0, 16);

/** The comparison of two saved exports. */
export function CompareView({ result }: { result: CompareResult }) {
  const styles = useStyles();
  const { client } = useSession();
  const index = useMemo(() => changeIndex(result), [result]);
  const summary = useMemo(() => diffSummary(result), [result]);
  const revisions = useMemo(() => revisionLines(result), [result]);
  const [newer, setNewer] = useState<Series[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    let live = true;
    client.library.open(result.newer.id).then((v) => { if (live) setNewer(v.series); }, (e: unknown) => { if (live) setError(e); });
    return () => { live = false; };
  }, [client, result.newer.id]);
  const changes = result.changed.reduce((n, s) => n + s.revised.length + s.added.length + s.removed.length, 0);

  const note = (
    <>
      <MessageBar intent={changes > 0 ? 'warning' : 'success'} layout="multiline" data-testid="compare-summary">
        <MessageBarBody>
          <MessageBarTitle>{`"${result.older.name}" (${when(result.older.created_at)}) → "${result.newer.name}" (${when(result.newer.created_at)})`}</MessageBarTitle>
          <ul className={styles.list}>{summary.map((s) => <li key={s}>{s}</li>)}</ul>
          {revisions.length > 0 ? <ul className={styles.list} aria-label="Revised values" data-testid="revision-lines">{revisions.map((s) => <li key={s}>{s}</li>)}</ul> : null}
        </MessageBarBody>
      </MessageBar>
      {changes > 0 ? (
        <div className={styles.legend} aria-hidden data-testid="compare-legend">
          <span><span className={mergeClasses(styles.swatch, styles.revised)} />Revised</span>
          <span><span className={mergeClasses(styles.swatch, styles.added)} />Added</span>
          <span><span className={mergeClasses(styles.swatch, styles.removed)} />Only in the older export</span>
        </div>
      ) : null}
    </>
  );

  if (error) return <AppError error={error} />;
  if (!newer) return note;
  return <SeriesView series={newer} title={`Compare: ${result.newer.name}`} note={note} changeAt={(period, column) => cellChange(index, column, period)} />;
}
