/**
 * What changed since the last look at the watched series (issue 33): per series, each value added
 * and revised (period, before, now, change), from sheets' revision diff of the series as last seen
 * against the series a check found; the compare view's colours (revised yellow, added green,
 * removed red). "Mark as seen" makes these values the last look.
 */
import { useEffect, useState } from 'react';
import {
  Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, mergeClasses, Spinner, Table, TableBody, TableCell,
  TableHeader, TableHeaderCell, TableRow, Text, tokens,
} from '@fluentui/react-components';
import type { WatchChanges as Changes } from '../../shared/contract.ts';
import { useSession } from '../app/session.tsx';
import { AppError } from '../app/AppError.tsx';

const useStyles = makeStyles({
  surface: { maxWidth: '820px', width: '90vw' },
  series: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, marginBottom: tokens.spacingVerticalL },
  name: { margin: 0, fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground3 },
  number: { display: 'block', width: '100%', textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  looks: { margin: `0 0 ${tokens.spacingVerticalM}`, paddingLeft: tokens.spacingHorizontalL, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  revised: { backgroundColor: tokens.colorPaletteYellowBackground2 },
  added: { backgroundColor: tokens.colorPaletteGreenBackground2 },
  removed: { backgroundColor: tokens.colorPaletteRedBackground2 },
  body: { maxHeight: '60vh', overflowY: 'auto' },
});

const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const signed = (n: number): string => `${n >= 0 ? '+' : ''}${number.format(n)}`;
/** The change, and as a share of the old value when it has one: "+7,194,963,101.53 (+1.66%)". */
const changeText = (change: number, old: number | null): string => (old ? `${signed(change)} (${signed((change / Math.abs(old)) * 100)}%)` : signed(change));

type Row = { period: string; column: string; kind: 'revised' | 'added' | 'removed'; old: number | null; now: number | null; change: number | null };

/** One series' changes as table rows, in period order. */
function rowsOf(s: Changes['changed'][number]): Row[] {
  const rows: Row[] = [
    ...s.revised.map((r): Row => ({ period: r.period, column: r.column, kind: 'revised', old: r.old, now: r.new, change: r.change })),
    ...s.added.map((a): Row => ({ period: a.period, column: a.column, kind: 'added', old: null, now: a.value, change: null })),
    ...s.removed.map((d): Row => ({ period: d.period, column: d.column, kind: 'removed', old: d.value, now: null, change: null })),
  ];
  return rows.sort((a, b) => a.period.localeCompare(b.period) || a.column.localeCompare(b.column));
}

const KIND_WORD: Record<Row['kind'], string> = { revised: 'Revised', added: 'Added', removed: 'Gone' };

/** The dialog of what changed. */
export function WatchChangesDialog({ onClose }: { onClose(): void }) {
  const styles = useStyles();
  const { client } = useSession();
  const [changes, setChanges] = useState<Changes | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [marking, setMarking] = useState(false);
  useEffect(() => {
    let live = true;
    client.watch.changes().then((c) => { if (live) setChanges(c); }, (e: unknown) => { if (live) setError(e); });
    return () => { live = false; };
  }, [client]);

  const seen = async (): Promise<void> => {
    setMarking(true);
    try {
      await client.watch.seen();
      onClose();
    } catch (e) {
      setError(e);
    } finally {
      setMarking(false);
    }
  };

  return (
    <Dialog open onOpenChange={(_, d) => { if (!d.open) onClose(); }}>
      <DialogSurface className={styles.surface} data-testid="watch-changes">
        <DialogBody>
          <DialogTitle>New data since you last looked</DialogTitle>
          <DialogContent className={styles.body}>
            {error ? <AppError error={error} /> : null}
            {!changes && !error ? <Spinner size="small" label="Comparing with your last look…" /> : null}
            {changes ? (
              <>
                <ul className={styles.looks} aria-label="Compared with">
                  {changes.entries.map((e) => (
                    <li key={e.key}>{`${e.title}: the source is now dated ${e.news?.lastUpdated ?? 'without a date'}; you last looked on ${e.lookedAt.slice(0, 10)}, at data dated ${e.lastUpdated ?? 'without a date'}.`}</li>
                  ))}
                </ul>
                {changes.changed.map((s) => (
                  <section key={s.id} className={styles.series} aria-label={s.title} data-testid="watch-series-changes">
                    <h3 className={styles.name}>{s.title}</h3>
                    <Text size={200} className={styles.muted}>
                      {[s.revised.length ? `${s.revised.length} revised` : '', s.added.length ? `${s.added.length} added` : '', s.removed.length ? `${s.removed.length} gone` : ''].filter(Boolean).join(', ')}
                    </Text>
                    <Table size="small" aria-label={`Changes in ${s.title}`}>
                      <TableHeader>
                        <TableRow>
                          <TableHeaderCell style={{ width: 88 }}>Period</TableHeaderCell>
                          <TableHeaderCell style={{ width: 80 }}>What</TableHeaderCell>
                          <TableHeaderCell><span className={styles.number}>Before</span></TableHeaderCell>
                          <TableHeaderCell><span className={styles.number}>Now</span></TableHeaderCell>
                          <TableHeaderCell style={{ width: 230 }}><span className={styles.number}>Change</span></TableHeaderCell>
                        </TableRow>
                      </TableHeader>
                      <TableBody>
                        {rowsOf(s).map((r) => (
                          <TableRow key={`${r.period}|${r.column}|${r.kind}`} className={mergeClasses(styles[r.kind])}>
                            <TableCell>{r.column === 'value' ? r.period : `${r.period} ${r.column}`}</TableCell>
                            <TableCell>{KIND_WORD[r.kind]}</TableCell>
                            <TableCell><span className={styles.number}>{r.old === null ? '' : number.format(r.old)}</span></TableCell>
                            <TableCell><span className={styles.number}>{r.now === null ? '' : number.format(r.now)}</span></TableCell>
                            <TableCell><span className={styles.number}>{r.change === null ? '' : changeText(r.change, r.old)}</span></TableCell>
                          </TableRow>
                        ))}
                      </TableBody>
                    </Table>
                  </section>
                ))}
                {changes.seriesAdded.map((s) => <Text key={s.id} block>{`${s.title}: no earlier values were kept; all its values are new to you.`}</Text>)}
                {changes.changed.length === 0 && changes.seriesAdded.length === 0 ? <Text block>Nothing changed since you last looked.</Text> : null}
              </>
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" disabled={!changes || marking} onClick={() => void seen()}>Mark as seen</Button>
            <Button onClick={onClose}>Close</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
