/** The one-line outcome under a taskpane action (inserted, wrote a formula, failed), read out as it changes. */
import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import type { ReactNode } from 'react';

export type Notice = { intent: 'success' | 'warning' | 'error'; text: string };

/** A live region holding the notice, if any: an error is an alert, the rest a status. */
export function NoticeBar({ notice }: { notice: Notice | null }): ReactNode {
  return (
    <div aria-live="polite">
      {notice ? (
        // Multiline always: a single-line bar does not wrap its text, and a long notice would widen a 320 px taskpane.
        <MessageBar layout="multiline" intent={notice.intent} role={notice.intent === 'error' ? 'alert' : 'status'}>
          <MessageBarBody>{notice.text}</MessageBarBody>
        </MessageBar>
      ) : null}
    </div>
  );
}
