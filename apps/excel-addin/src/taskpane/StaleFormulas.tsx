/**
 * ECON formulas showing their last good value because the service could not answer (offline, rate
 * limited): the functions keep the cell filled instead of #N/A, and the taskpane marks it stale.
 */
import { Badge, MessageBar, MessageBarBody, MessageBarTitle, makeStyles, tokens } from '@fluentui/react-components';
import { formatDateTime, queryText } from '@econdata/ui';
import { useEffect, useState, type ReactNode } from 'react';
import type { AddinRuntime, StaleNotice } from '../runtime/index.ts';

const useStyles = makeStyles({
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  query: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase100, overflowWrap: 'anywhere' },
});

/** The runtime's stale formula results, kept live; nothing when there are none. */
export function StaleFormulas({ runtime }: { runtime: AddinRuntime }): ReactNode {
  const styles = useStyles();
  const [stale, setStale] = useState<readonly StaleNotice[]>(() => runtime.staleResults());
  useEffect(() => {
    setStale(runtime.staleResults());
    return runtime.onStale(setStale);
  }, [runtime]);
  if (stale.length === 0) return null;
  return (
    <MessageBar intent="warning" layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>{stale.length === 1 ? '1 formula shows' : `${stale.length} formulas show`} its last good value</MessageBarTitle>
        The service could not answer, so these cells keep the data fetched earlier. They update by themselves when it answers again (or recalculate them: Formulas &gt; Calculate Now).
        <ul className={styles.list}>
          {stale.map((s) => (
            <li key={`${s.address ?? ''}|${s.seriesId}`}>
              <Badge color="warning" appearance="tint">Stale</Badge> {s.address ?? 'a cell'}: <span className={styles.query}>{queryText(s.query)}</span>, fetched {formatDateTime(new Date(s.retrievedAt))}
            </li>
          ))}
        </ul>
      </MessageBarBody>
    </MessageBar>
  );
}
