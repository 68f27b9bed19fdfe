/** An error as a Fluent MessageBar: a title, the sentence describeError gives, an optional action button. */
import { Button, makeStyles, mergeClasses, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useDescribeContext } from '../data/provider.tsx';
import { describeError, type DescribeContext } from './describe-error.ts';

// A URL in the sentence is one long word: let it break so a 320 px taskpane does not scroll sideways.
const useStyles = makeStyles({
  root: { minWidth: 0 },
  body: { overflowWrap: 'anywhere', minWidth: 0 },
});

export interface ErrorMessageProps {
  /** An EconError, its serialized JSON, or anything thrown. */
  error: unknown;
  /** Shown as "Retry" when the error suggests retrying. */
  onRetry?: () => void;
  /** Shown as "Open settings" when the error is about the key or the connection settings. */
  onOpenSettings?: () => void;
  /** Overrides the provider's describe context (base URL, origin, quota, time zone). */
  context?: DescribeContext;
  className?: string;
}

/** Shows an error as a sentence that says what happened and what to do. */
export function ErrorMessage({ error, onRetry, onOpenSettings, context, className }: ErrorMessageProps): ReactNode {
  const styles = useStyles();
  const fromProvider = useDescribeContext();
  const d = describeError(error, { ...fromProvider, ...context });
  let action: ReactNode = null;
  if (d.action === 'settings' && onOpenSettings) action = <Button onClick={onOpenSettings}>Open settings</Button>;
  else if (onRetry && (d.action === 'retry' || d.action === 'settings')) action = <Button onClick={onRetry}>Retry</Button>;
  return (
    <MessageBar intent={d.intent} layout="multiline" className={mergeClasses(styles.root, className)} data-error-code={d.code}>
      <MessageBarBody className={styles.body}>
        <MessageBarTitle>{d.title}</MessageBarTitle>
        {d.text}
      </MessageBarBody>
      {action ? <MessageBarActions>{action}</MessageBarActions> : null}
    </MessageBar>
  );
}
