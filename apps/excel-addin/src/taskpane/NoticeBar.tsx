/** The one-line outcome under a taskpane action (inserted, wrote a formula, failed), read out as it changes. */
import { MessageBar, MessageBarBody, makeStyles } from '@fluentui/react-components';
import type { ReactNode } from 'react';

export type Notice = { intent: 'success' | 'warning' | 'error'; text: string };

// A notice can hold a whole formula (no spaces): it must break anywhere, or it widens a 320 px taskpane.
const useStyles = makeStyles({ body: { overflowWrap: 'anywhere', minWidth: 0 } });

/** A live region holding the notice, if any: an error is an alert, the rest a status. */
export function NoticeBar({ notice }: { notice: Notice | null }): ReactNode {
  const styles = useStyles();
  return (
    <div aria-live="polite">
      {notice ? (
        // Multiline always: a single-line bar does not wrap its text, and a long notice would widen a 320 px taskpane.
        <MessageBar layout="multiline" intent={notice.intent} role={notice.intent === 'error' ? 'alert' : 'status'}>
          <MessageBarBody className={styles.body}>{notice.text}</MessageBarBody>
        </MessageBar>
      ) : null}
    </div>
  );
}
