/**
 * Every block the add-in inserted in this workbook (read from the document's bindings), with its
 * query, last refresh and stale marker; Refresh all / Refresh one. A refresh that costs more than a
 * few requests shows its cost first; the summary says what changed, revised cells are highlighted.
 */
import { fetchShown, fromClient, parseTransform, transformWords } from '@econdata/analysis';
import type { Estimate } from '@econdata/core';
import { Badge, Button, Card, Input, Link, MessageBar, MessageBarBody, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowClockwiseRegular, HistoryRegular } from '@fluentui/react-icons';
import { CopyAsCode, CostPreview, needsCostPreview, EmptyState, ProgressPanel, formatDateTime, queryText, useDescribeContext, useEconData } from '@econdata/ui';
import { Fragment, useCallback, useEffect, useState, type ReactNode } from 'react';
import type { ExcelHost } from '../office/excel-api.ts';
import { REVISED_FILL } from '../office/block-writer.ts';
import { blockFetchQueries, blocksWithNewData, listBlocks, refreshBlocks, type BlockStatus, type FetchSeries, type SummaryLine } from '../office/refresh.ts';
import { insertReleases } from '../office/insert.ts';
import { releaseSeries, type KeptVintages } from './vintages.ts';
import { FUNCTIONS_NAMESPACE } from '../functions/namespace.ts';
import { selectCell } from '../office/select-cell.ts';
import { summaryText } from '../office/revisions.ts';
import { listParameterBlocks, parameterQueries, refreshParameterBlocks } from '../office/parameter-refresh.ts';
import type { ParameterState } from '../office/parameters.ts';
import type { OfficeStartupApi } from '../office/startup.ts';
import { ParameterList } from './ParameterList.tsx';
import { RefreshOnOpen } from './RefreshOnOpen.tsx';
import type { CommandRegistry } from '../runtime/index.ts';
import { errorSentence } from './messages.ts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  toolbar: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, listStyleType: 'none', margin: 0, padding: 0 },
  card: { padding: tokens.spacingVerticalS },
  head: { display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  title: { fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere', flex: '1 1 auto', minWidth: 0 },
  // A long title wraps instead of pushing its Refresh button out of the card.
  headButton: { flexShrink: 0 },
  query: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase100, color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
  meta: { color: tokens.colorNeutralForeground3, display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', alignItems: 'center' },
  summary: { whiteSpace: 'pre-line' },
  // A revised value's link flows in its sentence (a button is a block of its own by default).
  revised: { display: 'inline', textAlign: 'start' },
  noticeBody: { overflowWrap: 'anywhere', minWidth: 0 },
  swatch: { display: 'inline-block', width: '12px', height: '12px', backgroundColor: REVISED_FILL, border: `1px solid ${tokens.colorNeutralStroke1}`, verticalAlign: 'middle', marginRight: '4px' },
});

/** What the panel says: a sentence, or a refresh's summary (one line per block, each revised value shown a link to its cell). */
type Notice = { intent: 'success' | 'warning' | 'error'; text: string; revised?: boolean; lines?: SummaryLine[]; asOf?: string };

export interface BlocksPanelProps {
  excel: ExcelHost;
  commands: CommandRegistry;
  /** Changes whenever a block was inserted: the list reloads. */
  reloadKey: number;
  /** office.js's `Office`, for refresh on open (absent in the browser stand-in). */
  office?: OfficeStartupApi | undefined;
  /** Called when the run on open has something to show (the taskpane switches to this tab). */
  onAttention?(): void;
  /** The vintages kept on this computer (absent without IndexedDB): As of, and releases side by side. */
  vintages?: KeptVintages | undefined;
}

const when = (iso: string | null): string => (iso ? formatDateTime(new Date(iso)) : 'never');

/** The Blocks list with refresh. */
export function BlocksPanel({ excel, commands, reloadKey, office, onAttention, vintages }: BlocksPanelProps): ReactNode {
  const styles = useStyles();
  const api = useEconData();
  const describe = useDescribeContext();
  const [blocks, setBlocks] = useState<BlockStatus[] | null>(null);
  // A block's series as it shows them, for Copy as code (from the cache when the block was fetched lately).
  const blockSeries = useCallback(async (b: BlockStatus) => {
    const { fetch, names } = fromClient(api);
    const results = await fetchShown(fetch, b.queries, b.transform, { names, language: b.language ?? 'en', calendar: 'own' });
    const failed = results.find((r) => !r.ok);
    if (failed && !failed.ok) throw failed.error;
    return results.flatMap((r) => (r.ok ? [r.series] : []));
  }, [api]);
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<{ label: string; value?: number; max?: number } | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [pending, setPending] = useState<{ targets: BlockStatus[]; params: ParameterState[]; estimate: Estimate } | null>(null);
  const [params, setParams] = useState<ParameterState[]>([]);
  // Blocks whose source has newer data, from the last check (marked until refreshed).
  const [updated, setUpdated] = useState<ReadonlySet<string>>(new Set());
  // The block whose As of row is open, and the date typed there.
  const [asOfOpen, setAsOfOpen] = useState<string | null>(null);
  const [asOfDate, setAsOfDate] = useState('');

  const reload = useCallback(async (): Promise<void> => {
    try {
      const listed = await listBlocks(excel);
      setParams(await listParameterBlocks(excel));
      setBlocks(listed.blocks);
      setProblems(listed.problems.map((p) => `The add-in's note ${p.key} in this workbook cannot be used (${p.reason}); insert that block again.`));
    } catch (error) {
      setBlocks([]);
      setNotice({ intent: 'error', text: errorSentence(error, describe) });
    }
  }, [excel, describe]);

  useEffect(() => {
    void reload();
  }, [reload, reloadKey]);

  const refresh = async (targets: BlockStatus[], confirmed: boolean, paramTargets: ParameterState[] = []): Promise<void> => {
    const usable = paramTargets.filter((p) => !p.problem);
    if (targets.length === 0 && usable.length === 0) return;
    setBusy(true);
    setNotice(null);
    try {
      if (!confirmed) {
        // A refresh asks the service again (a cached answer could not show a revision).
        const estimate = await api.estimate([...targets.flatMap(blockFetchQueries), ...parameterQueries(usable)], { cache: 'no-store' });
        if (needsCostPreview(estimate)) {
          setPending({ targets, params: usable, estimate });
          return;
        }
      }
      const count = targets.length + usable.length;
      setProgress({ label: `Fetching ${count === 1 ? '1 block' : `${count} blocks`}…` });
      const lines: SummaryLine[] = [];
      let revised = false;
      if (targets.length > 0) {
        const result = await refreshBlocks(excel, targets, (q) => api.fetchSeries(q, { cache: 'no-store', priority: 'background' }), {
          describe: (e) => errorSentence(e, describe),
          // A block inserted with Vietnamese names is named so again (its binding keeps the language).
          catalogue: () => api.catalogue(),
          onWriting: () => setProgress({ label: 'Writing to the worksheet…' }),
          onProgress: (p) => setProgress({ label: `Writing to the worksheet (request ${p.chunk} of ${p.chunks})…`, value: p.rowsDone, max: p.rowsTotal }),
        });
        revised = result.blocks.some((b) => b.changes.revisedCells.length > 0);
        lines.push(...result.lines);
      }
      // Parameter blocks: asked anew into the cache their formulas read ('reload'), then calculated again.
      if (usable.length > 0) lines.push([(await refreshParameterBlocks(excel, usable, (q) => api.fetchSeries(q, { cache: 'reload', priority: 'background' }))).text]);
      setNotice({ intent: 'success', text: lines.map(summaryText).join('\n'), revised, lines });
    } catch (error) {
      setNotice({ intent: 'error', text: errorSentence(error, describe) });
      throw error;
    } finally {
      setProgress(null);
      setBusy(false);
      await reload();
    }
  };

  /**
   * Asks the catalogue alone (one request, past the one-hour cache) which sources have data dated
   * at or after each block's last write, and marks those blocks "New data" (kept until they are
   * refreshed). Trade and stock blocks have no catalogue date: they are always due.
   */
  const checkNewData = async (): Promise<{ due: BlockStatus[]; head: string } | null> => {
    setBusy(true);
    setNotice(null);
    try {
      const { due, savedQueries: saved } = blocksWithNewData(current, (await api.listSources({}, { cache: 'reload' })).data);
      setUpdated(new Set(due.map((b) => b.table)));
      const checked = `Checked the catalogue (1 request): ${due.length} of ${current.length} ${current.length === 1 ? 'block has' : 'blocks have'} newer data${heldText}`;
      return { due, head: `${checked}; ${saved} ${saved === 1 ? 'query' : 'queries'} not asked` };
    } catch (error) {
      setNotice({ intent: 'error', text: errorSentence(error, describe) });
      return null;
    } finally {
      setBusy(false);
    }
  };

  /** "Check for new data": the check alone, its marks and what Refresh updated would fetch. */
  const checkOnly = async (): Promise<void> => {
    const checked = await checkNewData();
    if (!checked) return;
    const { due, head } = checked;
    const asks = due.reduce((n, b) => n + blockFetchQueries(b).length, 0);
    setNotice({
      intent: 'success',
      text: due.length === 0 ? `${head}: nothing to refresh.` : `${head}.
Marked “New data”: ${due.map((b) => b.title).join('; ')}. Refresh updated fetches only ${due.length === 1 ? 'that block' : 'those blocks'} (${asks} ${asks === 1 ? 'query' : 'queries'}).`,
    });
  };

  /** "Refresh updated": the check again, then a refresh of only the blocks it marks. */
  const refreshUpdated = async (): Promise<void> => {
    const checked = await checkNewData();
    if (!checked) return;
    const { due, head } = checked;
    if (due.length === 0) {
      setNotice({ intent: 'success', text: `${head}: nothing to refresh.` });
      return;
    }
    await refresh(due, false);
    setUpdated(new Set());
    setNotice((n) => (n && n.intent === 'success' ? { ...n, text: `${head}.\n${n.text}`, ...(n.lines ? { lines: [[`${head}.`], ...n.lines] } : {}) } : n));
  };

  // The ribbon's "Refresh all" runs the same refresh (confirmed: the ribbon has no room for a question).
  useEffect(() =>
    commands.register('refreshAll', async () => {
      const listed = await listBlocks(excel);
      await refresh(listed.blocks.filter((b) => b.present && !b.asOf), true, await listParameterBlocks(excel));
    }),
  );

  const present = (blocks ?? []).filter((b) => b.present);
  // Blocks written as of a date stay as they are until their own Refresh: the refreshes of every block pass them by.
  const current = present.filter((b) => !b.asOf);
  const held = present.length - current.length;
  const heldText = held === 0 ? '' : ` (${held === 1 ? '1 block shown' : `${held} blocks shown`} as of a date left as ${held === 1 ? 'it is' : 'they are'})`;

  /** Writes a block as its series were known on `date`, from the kept vintages alone (no request). */
  const writeAsOf = async (b: BlockStatus, date: string): Promise<void> => {
    if (!vintages) return;
    setBusy(true);
    setNotice(null);
    try {
      // The kept store answers as a fetch would (its refusals, such as a date before the first kept release, fail the write as a whole).
      const asOf = vintages.asOfFetch(date) as unknown as FetchSeries;
      const result = await refreshBlocks(excel, [b], asOf, {
        asOf: date,
        describe: (e) => errorSentence(e, describe),
        // Vietnamese names from the catalogue core keeps; an English block asks nothing at all.
        ...(b.language === 'vi' ? { catalogue: () => api.catalogue() } : {}),
      });
      const head = `Wrote ${b.title} as of ${date}, from the vintages kept on this computer (no request). Refresh on its card brings today's data back; Refresh all leaves it.`;
      setNotice({ intent: 'success', text: `${head}\n${result.text}`, revised: result.blocks.some((x) => x.changes.revisedCells.length > 0), lines: [[head], ...result.lines], asOf: date });
    } catch (error) {
      setNotice({ intent: 'error', text: errorSentence(error, describe) });
    } finally {
      setBusy(false);
      await reload();
    }
  };

  /** Writes every kept release of a block side by side at the selection, with Excel's chart overlaying them. */
  const writeReleases = async (b: BlockStatus): Promise<void> => {
    if (!vintages) return;
    setBusy(true);
    setNotice(null);
    try {
      const series = await releaseSeries(vintages, b);
      if (series.length === 0) {
        setNotice({ intent: 'warning', text: `No vintages of ${b.title} are kept on this computer yet: they are kept from each answer a block is written from. Refresh it to keep one.` });
        return;
      }
      const written = await insertReleases(excel, series, `${b.title}: releases kept on this computer`);
      setNotice({ intent: 'success', text: `Wrote ${series.length} kept ${series.length === 1 ? 'release' : 'releases'} of ${b.title} side by side at ${written}, with a chart overlaying them (values, not a block: Refresh does not change them).` });
    } catch (error) {
      setNotice({ intent: 'error', text: errorSentence(error, describe) });
    } finally {
      setBusy(false);
    }
  };
  const ranOnOpen = useCallback(() => {
    void reload();
    onAttention?.();
  }, [reload, onAttention]);
  return (
    <div className={styles.root}>
      <RefreshOnOpen excel={excel} office={office} onRan={ranOnOpen} />
      <div className={styles.toolbar}>
        <Text weight="semibold">{blocks === null ? 'Blocks' : `${blocks.length} ${blocks.length === 1 ? 'block' : 'blocks'} in this workbook`}</Text>
        <div className={styles.meta}>
          <Button disabled={busy || current.length === 0} onClick={() => void checkOnly()}
            title="Ask the catalogue (one request) which blocks' sources have newer data, and mark them; nothing is fetched">
            Check for new data
          </Button>
          <Button icon={<ArrowClockwiseRegular />} disabled={busy || current.length === 0} onClick={() => void refreshUpdated().catch(() => undefined)}
            title="Ask the catalogue which sources have newer data, and refresh only those blocks">
            Refresh updated
          </Button>
          <Button appearance="primary" icon={<ArrowClockwiseRegular />} disabled={busy || current.length + params.length === 0} onClick={() => void refresh(current, false, params).catch(() => undefined)}>
            Refresh all
          </Button>
        </div>
      </div>
      {pending ? (
        <CostPreview
          estimate={pending.estimate}
          confirmLabel="Refresh"
          onConfirm={() => {
            const { targets, params: paramTargets } = pending;
            setPending(null);
            void refresh(targets, true, paramTargets).catch(() => undefined);
          }}
          onCancel={() => setPending(null)}
        />
      ) : null}
      {progress ? <ProgressPanel label={progress.label} {...(progress.value === undefined ? {} : { value: progress.value })} {...(progress.max === undefined ? {} : { max: progress.max, unit: 'rows' })} /> : null}
      <div aria-live="polite">
        {notice ? (
          // Multiline, breaking anywhere (as NoticeBar): a summary of several blocks ran past the taskpane's edge.
          <MessageBar layout="multiline" intent={notice.intent} role={notice.intent === 'error' ? 'alert' : 'status'}>
            <MessageBarBody className={styles.noticeBody}>
              {notice.lines ? (
                notice.lines.map((line, i) => (
                  <div key={i} className={styles.summary}>
                    {line.map((part, j) => (typeof part === 'string' ? <Fragment key={j}>{part}</Fragment> : (
                      <Link key={j} as="button" inline className={styles.revised} title={`Select ${part.address} in the worksheet`} onClick={() => void selectCell(excel, part.address).catch((e: unknown) => setNotice({ intent: 'error', text: errorSentence(e, describe) }))}>
                        {part.text}
                      </Link>
                    )))}
                  </div>
                ))
              ) : <span className={styles.summary}>{notice.text}</span>}
              {notice.revised ? (
                <div>
                  <span className={styles.swatch} aria-hidden="true" />
                  {notice.asOf
                    ? `Cells whose value as known on ${notice.asOf} differs from what the sheet showed are highlighted in the worksheet; click a value to select its cell.`
                    : 'Revised cells are highlighted in the worksheet; click a revised value to select its cell.'}
                </div>
              ) : null}
            </MessageBarBody>
          </MessageBar>
        ) : null}
      </div>
      {problems.map((p) => (
        <MessageBar key={p} intent="warning"><MessageBarBody>{p}</MessageBarBody></MessageBar>
      ))}
      {blocks === null ? <Spinner size="small" label="Reading the blocks in this workbook…" /> : null}
      {blocks !== null && blocks.length === 0 && params.length === 0 ? (
        <EmptyState title="No blocks yet" description="Blocks you insert from the Data tab are listed here, with their queries, so you can refresh them." />
      ) : null}
      <ul className={styles.list} aria-label="Blocks">
        {(blocks ?? []).map((b) => (
          <li key={b.table}>
            <Card className={styles.card} size="small">
              <div className={styles.head}>
                <Text className={styles.title}>{b.title}</Text>
                <Button size="small" className={styles.headButton} icon={<ArrowClockwiseRegular />} disabled={busy || !b.present} aria-label={`Refresh ${b.title}`} onClick={() => void refresh([b], false).catch(() => undefined)}>
                  Refresh
                </Button>
              </div>
              {b.derived
                // A derived block names its formula and each operand (a = ..., b = ...), as its provenance does.
                ? b.derived.map((r, i) => (
                  <Fragment key={i}>
                    <Text className={styles.query}>{`Formula: ${r.expression}${r.transform ? ` then ${r.transform}` : ''}`}</Text>
                    {r.operands.map((o) => <Text key={o.name} className={styles.query}>{`${o.name} = ${queryText(o.query)}${o.transform ? ` (${o.transform})` : ''}`}</Text>)}
                  </Fragment>
                ))
                : b.queries.map((q) => <Text key={JSON.stringify(q)} className={styles.query}>{queryText(q)}</Text>)}
              {b.transform ? <Text className={styles.query}>{`Transform: ${b.transform} (${transformWords(parseTransform(b.transform))})`}</Text> : null}
              <div className={styles.meta}>
                <Text size={200}>{`Inserted ${when(b.inserted_at)} · refreshed ${when(b.refreshed_at)}`}</Text>
                {b.language === 'vi' ? <Badge appearance="outline" title="Series names in Vietnamese: Refresh keeps them">Tiếng Việt</Badge> : null}
                {b.stale ? <Badge color="warning" appearance="tint">Stale: cached data</Badge> : null}
                {updated.has(b.table) ? <Badge color="brand" appearance="tint">New data</Badge> : null}
                {b.asOf ? <Badge color="important" appearance="tint" title="Written from the vintages kept on this computer; Refresh brings today's data back">{`As of ${b.asOf}`}</Badge> : null}
                {b.present ? null : <Badge color="danger" appearance="tint">Table deleted</Badge>}
              </div>
              <div className={styles.meta}>
                {b.derived ? null : <CopyAsCode series={() => blockSeries(b)} of={b.title} namespace={FUNCTIONS_NAMESPACE} />}
                {b.derived || !vintages ? null : (
                  <Button size="small" icon={<HistoryRegular />} aria-expanded={asOfOpen === b.table} aria-label={`Vintages: ${b.title}`} disabled={busy || !b.present}
                    onClick={() => setAsOfOpen((t) => (t === b.table ? null : b.table))}>
                    Vintages
                  </Button>
                )}
              </div>
              {asOfOpen === b.table && vintages ? (
                <div className={styles.meta} role="group" aria-label={`Vintages of ${b.title}`}>
                  <Input size="small" type="date" aria-label="As of date" value={asOfDate} onChange={(_, d) => setAsOfDate(d.value)} />
                  <Button size="small" appearance="primary" disabled={busy || !/^\d{4}-\d{2}-\d{2}$/.test(asOfDate)} onClick={() => void writeAsOf(b, asOfDate)}
                    title="Write the block as its series were known on this date, from the releases kept on this computer (no request)">
                    Write as of
                  </Button>
                  <Button size="small" disabled={busy} onClick={() => void writeReleases(b)}
                    title="Write every kept release of the block's series side by side at the selection, with a chart overlaying them">
                    Releases side by side
                  </Button>
                  <Text size={200}>Kept on this computer from each answer the block was written from; the service keeps no vintages.</Text>
                </div>
              ) : null}
            </Card>
          </li>
        ))}
      </ul>
      <ParameterList params={params} busy={busy} onRefresh={(p) => void refresh([], false, [p]).catch(() => undefined)} />
    </div>
  );
}
