/**
 * The Blocks tab's "Refresh when this workbook opens" switch, and the run when it is on: the cost
 * against the quota left first, then the refresh, or nothing and the reason when today's quota
 * would not cover it. Runs once per taskpane load (the add-in loads with a workbook that opted in).
 */
import { MessageBar, MessageBarBody, Switch, Text, makeStyles, tokens } from '@fluentui/react-components';
import { costWords, useDescribeContext, useEconData } from '@econdata/ui';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { ExcelHost } from '../office/excel-api.ts';
import { refreshOnOpen } from '../office/open-refresh.ts';
import { readRefreshOnOpen, setRefreshOnOpen, type OfficeStartupApi } from '../office/startup.ts';
import { errorSentence } from './messages.ts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  hint: { color: tokens.colorNeutralForeground3 },
  text: { whiteSpace: 'pre-line', overflowWrap: 'anywhere' },
});

export interface RefreshOnOpenProps {
  excel: ExcelHost;
  /** office.js's `Office` (absent in the browser stand-in and tests). */
  office: OfficeStartupApi | undefined;
  /** Called after the run on open wrote something (the lists reload), or has something to say. */
  onRan(): void;
}

type Notice = { intent: 'success' | 'error' | 'info'; text: string };

/** The switch and the notice of the last run on open. */
export function RefreshOnOpen({ excel, office, onRan }: RefreshOnOpenProps): ReactNode {
  const styles = useStyles();
  const api = useEconData();
  const describe = useDescribeContext();
  const [on, setOn] = useState<boolean | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const ran = useRef(false);

  useEffect(() => {
    if (ran.current) return;
    ran.current = true;
    void (async () => {
      let enabled: boolean;
      try {
        enabled = await readRefreshOnOpen(excel);
      } catch (error) {
        // The setting could not be read: say so on the Blocks tab, but nothing ran, so the tab the
        // user is on stays in front.
        setOn(false);
        setNotice({ intent: 'error', text: `Refresh on open: ${errorSentence(error, describe)}` });
        return;
      }
      setOn(enabled);
      if (!enabled) return;
      try {
        const outcome = await refreshOnOpen({
          excel,
          estimate: (q) => api.estimate(q, { cache: 'no-store' }),
          reloadSeries: (q) => api.fetchSeries(q, { cache: 'reload', priority: 'background' }),
          catalogue: () => api.catalogue(),
          listSources: async () => (await api.listSources({}, { cache: 'reload' })).data,
          describe: (e) => errorSentence(e, describe),
        });
        const saved = outcome.kind === 'refreshed' || outcome.kind === 'current' ? outcome.savedQueries : 0;
        const savedText = saved > 0 ? `\nBlocks whose sources have no newer data were not asked (${saved} ${saved === 1 ? 'query' : 'queries'} saved).` : '';
        if (outcome.kind === 'refused') {
          const words = costWords(outcome.estimate);
          setNotice({ intent: 'error', text: `Refresh on open: nothing was refreshed. ${words.summary} ${words.warning ?? ''}`.trim() });
        } else if (outcome.kind === 'refreshed') {
          setNotice({ intent: 'success', text: `Refreshed on open. ${costWords(outcome.estimate).summary}\n${outcome.text}${savedText}` });
        } else if (outcome.kind === 'current') {
          setNotice({ intent: 'success', text: `Checked on open: no block's source has newer data (1 request to the catalogue).${savedText}` });
        }
        if (outcome.kind === 'refused' || outcome.kind === 'refreshed') onRan();
      } catch (error) {
        setNotice({ intent: 'error', text: `Refresh on open: ${errorSentence(error, describe)}` });
        onRan();
      }
    })();
  }, [excel, api, describe, onRan]);

  const toggle = async (next: boolean): Promise<void> => {
    try {
      const result = await setRefreshOnOpen(excel, office, next);
      setOn(next);
      setNotice(next ? { intent: 'info', text: result === 'set' ? 'This workbook will open the taskpane and refresh its blocks when it opens (after showing the cost).' : 'Saved in this workbook. This Excel cannot load the add-in with a workbook (no shared runtime): the blocks refresh when you open the taskpane.' } : null);
    } catch (error) {
      setNotice({ intent: 'error', text: errorSentence(error, describe) });
    }
  };

  return (
    <div className={styles.root}>
      <Switch checked={on === true} disabled={on === null} label="Refresh when this workbook opens" onChange={(_, d) => void toggle(d.checked)} />
      <Text size={200} className={styles.hint}>Kept in this workbook. The cost is checked against the quota left first: when today’s quota would not cover it, nothing is refreshed.</Text>
      <div aria-live="polite">
        {notice ? (
          <MessageBar intent={notice.intent} role={notice.intent === 'error' ? 'alert' : 'status'}>
            <MessageBarBody><span className={styles.text}>{notice.text}</span></MessageBarBody>
          </MessageBar>
        ) : null}
      </div>
    </div>
  );
}
