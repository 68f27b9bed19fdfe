/**
 * Vintages kept on this machine, from the chart's toolbar: "As of" a date (the chart and table show
 * the series as this machine knew them then) and the vintage chart (ALFRED's view: one line per
 * kept release, labelled by its retrieval date, the newest emphasised). The service has no
 * vintages: every release here is an answer this machine fetched for a series saved in the library
 * or watched, and the menu says so. Everything is read from main's kept files: nothing is fetched.
 */
import { useEffect, useMemo, useState } from 'react';
import {
  Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, makeStyles, Popover, PopoverSurface, PopoverTrigger, Text, tokens,
} from '@fluentui/react-components';
import { History20Regular } from '@fluentui/react-icons';
import type { Series, SeriesQuery } from '@econdata/core';
import { useSession } from '../app/session.tsx';
import type { VintageHistory, VintageReleases } from '../../shared/contract.ts';
import { asOfWhen, type AsOfView } from './as-of.ts';

const useStyles = makeStyles({
  surface: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, maxWidth: '380px' },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'end', flexWrap: 'wrap' },
  muted: { color: tokens.colorNeutralForeground2 },
  releases: { margin: 0, padding: 0, listStyle: 'none', maxHeight: '160px', overflowY: 'auto', '& li': { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS } },
  error: { color: tokens.colorPaletteRedForeground1 },
  dialog: { maxWidth: '900px', width: '900px' },
  legend: { display: 'flex', flexWrap: 'wrap', gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalL}`, margin: 0, padding: 0, listStyle: 'none', fontSize: tokens.fontSizeBase200 },
  swatch: { display: 'inline-block', width: '18px', marginRight: '6px', verticalAlign: 'middle' },
  table: { borderCollapse: 'collapse', fontSize: tokens.fontSizeBase200, '& th, & td': { textAlign: 'left', padding: '2px 12px 2px 0' } },
});

const day = (iso: string): string => iso.slice(0, 10);
const moment = (iso: string): string => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

export interface VintagesMenuProps {
  /** The shown view's queries and transform (a plain view: derived series keep no vintages). */
  queries: readonly SeriesQuery[];
  transform: string;
  /** The As of date shown, or null for the latest. */
  asOf: string | null;
  onAsOf(view: AsOfView | null): void;
  busy: boolean;
}

/** The "Vintages" button of the chart's toolbar and what it opens. */
export function VintagesMenu({ queries, transform, asOf, onAsOf, busy }: VintagesMenuProps) {
  const styles = useStyles();
  const { client } = useSession();
  const [kept, setKept] = useState<VintageReleases | null>(null);
  const [date, setDate] = useState('');
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [history, setHistory] = useState<VintageHistory | null>(null);
  const [charting, setCharting] = useState(false);

  // What is kept, asked again whenever the menu opens (a save or a fetch may have added a release).
  useEffect(() => {
    if (!open && kept !== null) return;
    let live = true;
    client.vintages.releases(queries, transform || undefined).then((k) => {
      if (!live) return;
      setKept(k);
      const newest = k.series.flatMap((s) => s.releases).map((r) => r.retrieved_at).sort().pop();
      setDate((d) => d || (newest ? day(newest) : ''));
    }, (error: unknown) => live && setProblem(error instanceof Error ? error.message : String(error)));
    return () => { live = false; };
  }, [client, queries, transform, open]);

  const releases = useMemo(() => kept?.series.flatMap((s) => s.releases) ?? [], [kept]);
  const earliest = releases.map((r) => day(r.retrieved_at)).sort()[0];
  const count = kept ? Math.max(0, ...kept.series.map((s) => s.releases.length)) : 0;

  /** Shows the series as of a day (through its end, UTC) or a release's own moment. */
  const show = async (date: string): Promise<void> => {
    setProblem(null);
    const results = await client.vintages.asOf(queries, date, transform || undefined);
    const failed = results.find((r) => !r.ok);
    if (failed && !failed.ok) {
      setProblem(failed.error.message);
      return;
    }
    onAsOf({ date, series: results.flatMap((r) => (r.ok ? [r.series] : [])) });
    setOpen(false);
  };

  const chart = async (): Promise<void> => {
    const [first] = queries;
    if (!first) return;
    setProblem(null);
    setHistory(await client.vintages.history(first, transform || undefined));
    setCharting(true);
    setOpen(false);
  };

  return (
    <>
      <Popover open={open} onOpenChange={(_, d) => setOpen(d.open)} positioning="below-end" trapFocus>
        <PopoverTrigger disableButtonEnhancement>
          <Button icon={<History20Regular />} disabled={busy} appearance={asOf ? 'primary' : 'secondary'}>{asOf ? `As of ${asOfWhen(asOf)}` : 'Vintages'}</Button>
        </PopoverTrigger>
        <PopoverSurface aria-label="Vintages kept on this machine" className={styles.surface} data-testid="vintages-menu">
          <Text weight="semibold">Vintages kept on this machine</Text>
          <Text size={200} className={styles.muted}>
            The service keeps no vintages. This machine keeps every different answer it fetched for a series you saved or watch, with the time it was fetched; they are read from this machine only.
          </Text>
          {kept && count === 0 ? (
            <Text size={200} data-testid="no-vintages">No vintages kept of this series yet: save it to the library or watch it, and each new answer is kept from then on.</Text>
          ) : null}
          {count > 0 ? (
            <>
              <Text size={200} data-testid="vintage-count">{`${count} ${count === 1 ? 'release' : 'releases'} kept, from ${earliest ?? ''}.`}</Text>
              <div className={styles.row}>
                <Field label="As of">
                  <Input type="date" value={date} min={earliest} onChange={(_, d) => setDate(d.value)} aria-label="As of date" />
                </Field>
                <Button appearance="primary" disabled={!/^\d{4}-\d{2}-\d{2}$/.test(date)} onClick={() => void show(date)}>Show as of</Button>
              </div>
              <Text size={200} weight="semibold">Or a kept release</Text>
              <ul className={styles.releases} aria-label="Kept releases">
                {[...(kept?.series[0]?.releases ?? [])].reverse().map((r) => (
                  <li key={r.retrieved_at}>
                    <Button size="small" appearance="subtle" data-testid="kept-release" onClick={() => void show(r.retrieved_at)}>{`Retrieved ${moment(r.retrieved_at)}`}</Button>
                    <Text size={200} className={styles.muted}>{r.changed > 0 ? `${r.changed} ${r.changed === 1 ? 'value' : 'values'} changed` : 'first kept'}</Text>
                  </li>
                ))}
              </ul>
              <div className={styles.row}>
                {asOf ? <Button onClick={() => { onAsOf(null); setOpen(false); }}>Back to the latest</Button> : null}
                <Button onClick={() => void chart()}>Vintage chart</Button>
              </div>
            </>
          ) : null}
          {problem ? <Text size={200} className={styles.error} role="alert">{problem}</Text> : null}
        </PopoverSurface>
      </Popover>
      <Dialog open={charting} onOpenChange={(_, d) => setCharting(d.open)}>
        <DialogSurface className={styles.dialog}>
          <DialogBody>
            <DialogTitle>{`Vintages of ${history?.releases.at(-1)?.series.title ?? 'this series'}`}</DialogTitle>
            <DialogContent>
              {history ? <VintageChart history={history} /> : null}
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" onClick={() => setCharting(false)}>Close</Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </>
  );
}

const W = 840;
const H = 340;
const M = { top: 12, right: 16, bottom: 32, left: 72 };
const NEWEST = '#0F6CBD';
const OLDER = ['#8A8886', '#B4A0D2', '#9FD89F', '#F4BFAB', '#C19C00', '#5C2E91'];
const number = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** The first column of a series by period. */
function points(s: Series): Map<string, number> {
  const out = new Map<string, number>();
  s.periods.forEach((p, i) => {
    const v = s.values[0]?.[i];
    if (typeof v === 'number') out.set(p, v);
  });
  return out;
}

/** ALFRED's view: every kept release of one series over one axis, the newest drawn last and thickest. */
function VintageChart({ history }: { history: VintageHistory }) {
  const styles = useStyles();
  const lines = history.releases.map((r) => ({ release: r.release, values: points(r.series) }));
  const periods = [...new Set(lines.flatMap((l) => [...l.values.keys()]))].sort();
  const all = lines.flatMap((l) => [...l.values.values()]);
  if (periods.length === 0 || all.length === 0) return <Text>No values kept.</Text>;
  let lo = Math.min(...all);
  let hi = Math.max(...all);
  if (lo === hi) { lo -= 1; hi += 1; }
  const pad = (hi - lo) * 0.05;
  lo -= pad; hi += pad;
  const x = (i: number): number => M.left + (periods.length === 1 ? (W - M.left - M.right) / 2 : (i / (periods.length - 1)) * (W - M.left - M.right));
  const y = (v: number): number => M.top + (1 - (v - lo) / (hi - lo)) * (H - M.top - M.bottom);
  const ticks = Array.from({ length: 5 }, (_, i) => lo + ((hi - lo) * i) / 4);
  const every = Math.max(1, Math.ceil(periods.length / 10));
  const newest = lines.length - 1;
  // Releases of one day are told apart by their time.
  const days = lines.map((l) => day(l.release.retrieved_at));
  const when = (iso: string): string => (days.filter((d) => d === day(iso)).length > 1 ? moment(iso) : day(iso));
  const colour = (i: number): string => (i === newest ? NEWEST : OLDER[(newest - 1 - i) % OLDER.length]!);
  const path = (values: Map<string, number>): string => {
    let d = '';
    let pen = false;
    periods.forEach((p, i) => {
      const v = values.get(p);
      if (v === undefined) { pen = false; return; }
      d += `${pen ? 'L' : 'M'}${x(i).toFixed(1)},${y(v).toFixed(1)}`;
      pen = true;
    });
    return d;
  };
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <Text size={200}>{`${lines.length} ${lines.length === 1 ? 'release' : 'releases'} kept on this machine (the service has no vintages): each line is the series as fetched on that date.`}</Text>
      <svg width={W} height={H} role="img" aria-label="Vintage chart: one line per kept release" data-testid="vintage-chart" style={{ background: '#fff', border: '1px solid #E0E0E0' }}>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={M.left} x2={W - M.right} y1={y(t)} y2={y(t)} stroke="#E0E0E0" />
            <text x={M.left - 6} y={y(t) + 4} textAnchor="end" fontSize="11" fill="#424242">{number.format(t)}</text>
          </g>
        ))}
        {periods.map((p, i) => (i % every === 0 || (i === periods.length - 1 && i % every >= every / 2) ? <text key={p} x={x(i)} y={H - 10} textAnchor="middle" fontSize="11" fill="#424242">{p}</text> : null))}
        {lines.map((l, i) => (
          <path key={l.release.retrieved_at} d={path(l.values)} fill="none" stroke={colour(i)} strokeWidth={i === newest ? 3 : 1.5} strokeDasharray={i === newest ? undefined : '5 3'} data-retrieved={l.release.retrieved_at} />
        ))}
      </svg>
      <ul className={styles.legend} aria-label="Releases">
        {lines.map((l, i) => (
          <li key={l.release.retrieved_at}>
            <svg className={styles.swatch} width="18" height="8" aria-hidden><line x1="0" x2="18" y1="4" y2="4" stroke={colour(i)} strokeWidth={i === newest ? 3 : 1.5} strokeDasharray={i === newest ? undefined : '5 3'} /></svg>
            {i === newest ? <strong>{`Retrieved ${when(l.release.retrieved_at)} (newest)`}</strong> : `Retrieved ${when(l.release.retrieved_at)}`}
          </li>
        ))}
      </ul>
      <table className={styles.table} aria-label="Kept releases">
        <thead><tr><th>Retrieved</th><th>Last confirmed</th><th>Source updated</th><th>Values changed</th></tr></thead>
        <tbody>
          {[...history.releases].reverse().map(({ release: r }) => (
            <tr key={r.retrieved_at}><td>{moment(r.retrieved_at)}</td><td>{moment(r.confirmed_at)}</td><td>{r.last_updated ?? '—'}</td><td>{r.changed === 0 && r === history.releases[0]?.release ? 'first kept' : r.changed}</td></tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
