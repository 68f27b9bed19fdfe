/**
 * The watched series of the active profile (issue 33), in the Saved exports screen: each with its
 * transform, the source's date and the last look, a badge when a check found new values, and
 * Unwatch; "Check now" runs a check (the catalogue once, then only the series whose source is
 * newer) and the line below says what it cost and what it saved.
 */
import { useState } from 'react';
import {
  Badge, Button, makeStyles, MessageBar, MessageBarBody, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, tokens,
} from '@fluentui/react-components';
import { ArrowSync20Regular, EyeOff20Regular, Eye24Regular } from '@fluentui/react-icons';
import { EmptyState } from '@econdata/ui';
import { queryLine } from '@econdata/sheets';
import { useSession } from '../app/session.tsx';
import { AppError } from '../app/AppError.tsx';
import { checkLine, seriesCount, useWatch } from './use-watch.ts';
import { WatchChangesDialog } from './WatchChanges.tsx';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  muted: { color: tokens.colorNeutralForeground3 },
  query: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

const day = (iso: string): string => new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

export function WatchedList() {
  const styles = useStyles();
  const { client } = useSession();
  const { state, error } = useWatch();
  const [checking, setChecking] = useState(false);
  const [actionError, setActionError] = useState<unknown>(null);
  const [open, setOpen] = useState(false);

  const act = async (work: () => Promise<unknown>): Promise<void> => {
    setActionError(null);
    try {
      await work();
    } catch (e) {
      setActionError(e);
    }
  };
  const check = async (): Promise<void> => {
    setChecking(true);
    await act(() => client.watch.check());
    setChecking(false);
  };

  if (error) return <AppError error={error} />;
  if (!state) return <Spinner size="small" label="Reading the watchlist…" />;
  return (
    <div className={styles.root} data-testid="watched-list">
      {state.problem ? <MessageBar intent="warning" layout="multiline"><MessageBarBody>{state.problem}</MessageBarBody></MessageBar> : null}
      <div className={styles.head}>
        <Button icon={<ArrowSync20Regular />} disabled={checking || state.entries.length === 0} onClick={() => void check()}>{checking ? 'Checking…' : 'Check now'}</Button>
        {state.news > 0 ? <Button appearance="primary" onClick={() => setOpen(true)}>{`Show what changed (${seriesCount(state.news)})`}</Button> : null}
        <Text size={200} className={styles.muted} data-testid="watch-check-line">{checkLine(state.lastCheck)}</Text>
      </div>
      {actionError ? <AppError error={actionError} /> : null}
      {state.entries.length === 0 ? (
        <EmptyState
          icon={<Eye24Regular />}
          title="No watched series"
          description={'Choose "Watch" beside a chart in Explore, or on a saved export here. The explorer then asks the catalogue every few hours (one request) and fetches a series again only when its source has newer data.'}
        />
      ) : (
        <Table size="small" aria-label="Watched series">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>Series</TableHeaderCell>
              <TableHeaderCell style={{ width: 130 }}>Source dated</TableHeaderCell>
              <TableHeaderCell style={{ width: 190 }}>You last looked</TableHeaderCell>
              <TableHeaderCell style={{ width: 130 }}>Actions</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {state.entries.map((e) => (
              <TableRow key={e.key} data-watch-key={e.key}>
                <TableCell>
                  <div>
                    {e.title} {e.news ? <Badge color="informative" size="small">New data</Badge> : null}
                    <div className={styles.query}>{`${queryLine(e.query)}${e.transform ? ` · ${e.transform}` : ''}`}</div>
                  </div>
                </TableCell>
                <TableCell>{e.news ? `${e.news.lastUpdated ?? '?'} (was ${e.lastUpdated ?? '?'})` : (e.lastUpdated ?? 'not given')}</TableCell>
                <TableCell>{day(e.lookedAt)}</TableCell>
                <TableCell>
                  <Button size="small" appearance="subtle" icon={<EyeOff20Regular />} onClick={() => void act(() => client.watch.unpin([e.key]))}>Unwatch</Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Text size={200} className={styles.muted} block>
        {`${seriesCount(state.entries.length)} watched for profile "${state.profile}". The source's date is a day: a revision made later on the day you looked is seen the next day.`}
      </Text>
      {open ? <WatchChangesDialog onClose={() => setOpen(false)} /> : null}
    </div>
  );
}
