/**
 * The taskpane: a header (what it is, which service, the quota), then four tabs (Data: browse,
 * build a query, insert; Derived: presets and formulas over several series; Blocks: what was inserted, refresh; Connection). Panels stay mounted when
 * hidden, so a half-built query survives a look at the Blocks list and the ribbon's commands always
 * have their handlers.
 */
import { Badge, MessageBar, MessageBarBody, Tab, TabList, Text, makeStyles, tokens } from '@fluentui/react-components';
import { createConnectionWatch, EconDataProvider, EmptyState, NameLanguageField, QuotaMeter, watchApi } from '@econdata/ui';
import { defaultStorage } from '../runtime/index.ts';
import { useNameLanguageSetting } from './series-names.ts';
import type { NameLanguage } from '@econdata/core';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { ExcelHost } from '../office/excel-api.ts';
import { recalculateWorkbook } from '../office/recalculate.ts';
import type { OfficeStartupApi } from '../office/startup.ts';
import type { AddinRuntime } from '../runtime/index.ts';
import { BlocksPanel } from './BlocksPanel.tsx';
import { KeptVintages, keepingVintages, vintageProfile } from './vintages.ts';
import { clientApi } from './client-api.ts';
import { ConnectPanel } from './ConnectPanel.tsx';
import { DerivedPanel } from './DerivedPanel.tsx';
import { InsertPanel } from './InsertPanel.tsx';
import { StaleFormulas } from './StaleFormulas.tsx';
import { useReachability } from './use-reachability.ts';
import { useRuntimeStatus } from './use-runtime.ts';

const useStyles = makeStyles({
  root: {
    display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingHorizontalM, minWidth: '300px', maxWidth: '450px', boxSizing: 'border-box',
    // Fluent's Input keeps a minimum width that overflows two-up form rows at taskpane widths.
    '& .fui-Input': { minWidth: 0 },
  },
  header: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  titleRow: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  // The quota line's room is kept before connecting, so the tabs do not jump down under the
  // pointer when it appears (a click aimed at a tab would land on the quota line).
  statusRow: { minHeight: '20px', display: 'flex', alignItems: 'center', minWidth: 0 },
  panel: { paddingTop: tokens.spacingVerticalS },
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
});

/** Whether this page has IndexedDB (vintages are kept there; without it none are kept). */
const hasIndexedDb = (): boolean => (globalThis as { indexedDB?: unknown }).indexedDB !== undefined;

type TabName = 'data' | 'derived' | 'blocks' | 'connection';

export interface TaskpaneAppProps {
  runtime: AddinRuntime;
  excel: ExcelHost;
}

/** The whole taskpane. */
export function TaskpaneApp({ runtime, excel }: TaskpaneAppProps): ReactNode {
  const styles = useStyles();
  const status = useRuntimeStatus(runtime);
  const client = status.connected ? runtime.client : undefined;
  // Whether the service answers: from every request made through `api`, and from a keyless check
  // every 30 s (use-reachability.ts), so the header can say since when it has not answered.
  const connection = useMemo(() => createConnectionWatch({ checked: true }), [client]);
  // Every answer the taskpane fetches for a block is kept as a vintage on this computer (vintages.ts).
  // Kept under the profile of the moment (the sandbox, or the service's host), read at each use.
  const vintages = useMemo(() => (client && hasIndexedDb() ? new KeptVintages(() => vintageProfile(runtime.status.baseURL ?? '', runtime.status.service)) : undefined), [client, runtime]);
  const api = useMemo(() => (client ? watchApi(vintages ? keepingVintages(clientApi(client), vintages) : clientApi(client), connection) : undefined), [client, connection, vintages]);
  useReachability(client ? status.baseURL : null, connection);
  const [tab, setTab] = useState<TabName>(status.connected ? 'data' : 'connection');
  const [inserted, setInserted] = useState(0);
  // Opening the Blocks tab reads the workbook again: parameter cells may have been edited meanwhile.
  const [blocksShown, setBlocksShown] = useState(0);
  const [ribbonFailure, setRibbonFailure] = useState<string | null>(null);
  const origin = (globalThis as { location?: { origin?: string } }).location?.origin;
  // office.js's Office, for refresh on open (loads the add-in with the workbook where the host can).
  const office = (globalThis as { Office?: OfficeStartupApi }).Office;
  const showBlocks = useCallback(() => setTab('blocks'), []);
  // The language of series names, in the add-in's own storage (never the workbook).
  const storage = useMemo(() => defaultStorage(), []);
  const [nameLanguage, setNameLanguage] = useNameLanguageSetting(storage);

  // A new language is kept, then every formula calculates again so the cells already in the sheet
  // take it too (their data from the cache); blocks keep the language they were inserted in.
  const chooseLanguage = async (language: NameLanguage): Promise<void> => {
    try {
      await setNameLanguage(language);
    } catch (e) {
      setRibbonFailure(`The language could not be kept: ${e instanceof Error ? e.message : String(e)}`);
      return;
    }
    await recalculateWorkbook(excel).catch((e: unknown) => setRibbonFailure(`Formulas already in the sheet take the new language at their next calculation (Formulas > Calculate Now): Excel did not calculate them now (${e instanceof Error ? e.message : String(e)}).`));
  };

  // Connecting moves on to the data; a failed ribbon command says why here (the ribbon cannot).
  useEffect(() => {
    if (status.connected) setTab((t) => (t === 'connection' ? 'data' : t));
  }, [status.connected]);
  useEffect(() => runtime.commands.onFailure((f) => setRibbonFailure(f.message)), [runtime]);

  const badge = status.connected ? (status.service === 'sandbox' ? <Badge color="informative" appearance="tint">Sandbox</Badge> : <Badge color="success" appearance="tint">Live service</Badge>) : <Badge color="warning" appearance="tint">Not connected</Badge>;
  const notConnected = <EmptyState title="Not connected" description="Connect to the data service first (Connection tab)." />;

  const body = (
    <>
      <header className={styles.header}>
        <div className={styles.titleRow}>
          <Text as="h1" size={500} weight="semibold">Econdata</Text>
          {badge}
        </div>
        <div className={styles.statusRow}>{api ? <QuotaMeter variant="compact" /> : null}</div>
      </header>
      {ribbonFailure ? <MessageBar intent="error" role="alert"><MessageBarBody>{ribbonFailure}</MessageBarBody></MessageBar> : null}
      <TabList size="small" selectedValue={tab} onTabSelect={(_, d) => {
        setTab(d.value as TabName);
        if (d.value === 'blocks') setBlocksShown((n) => n + 1);
      }} aria-label="Taskpane sections">
        <Tab value="data">Data</Tab>
        <Tab value="derived">Derived</Tab>
        <Tab value="blocks">Blocks</Tab>
        <Tab value="connection">Connection</Tab>
      </TabList>
      <div className={styles.panel} role="tabpanel" hidden={tab !== 'data'} aria-label="Data">
        {api ? <InsertPanel excel={excel} commands={runtime.commands} onInserted={() => setInserted((n) => n + 1)} /> : notConnected}
      </div>
      <div className={styles.panel} role="tabpanel" hidden={tab !== 'derived'} aria-label="Derived">
        {api ? <DerivedPanel excel={excel} onInserted={() => setInserted((n) => n + 1)} /> : notConnected}
      </div>
      <div className={styles.panel} role="tabpanel" hidden={tab !== 'blocks'} aria-label="Blocks">
        <StaleFormulas runtime={runtime} />
        {api ? <BlocksPanel excel={excel} commands={runtime.commands} reloadKey={inserted + blocksShown} office={office} onAttention={showBlocks} vintages={vintages} /> : notConnected}
      </div>
      <div className={styles.panel} role="tabpanel" hidden={tab !== 'connection'} aria-label="Connection">
        {/* A stack of its own: the panel's `hidden` must not meet a display rule. */}
        <div className={styles.stack}>
          <ConnectPanel runtime={runtime} />
          <NameLanguageField value={nameLanguage} onChange={(language) => void chooseLanguage(language)} />
          {api ? (
            <section aria-label="Quota">
              <QuotaMeter variant="full" />
            </section>
          ) : null}
        </div>
      </div>
    </>
  );

  return (
    <main className={styles.root} aria-label="Econdata taskpane">
      {api ? <EconDataProvider api={api} connection={connection} nameLanguage={nameLanguage} {...(status.baseURL ? { baseURL: status.baseURL } : {})} {...(origin ? { origin } : {})}>{body}</EconDataProvider> : body}
    </main>
  );
}
