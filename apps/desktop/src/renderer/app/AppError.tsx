/**
 * An error as a sentence that says what happened and what to do. Data errors (core's codes) and the
 * file and key errors (sheets, keychain) are worded by @econdata/ui's describeError through its
 * ErrorMessage; only the bridge to main (the explorer's own plumbing) is worded here.
 */
import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { ErrorMessage, type ErrorMessageProps } from '@econdata/ui';
import { DesktopError } from '../../shared/wire-error.ts';

/** Shows any error the explorer meets. */
export function AppError(props: ErrorMessageProps) {
  const { error } = props;
  if (!(error instanceof DesktopError) || error.family !== 'BridgeError') return <ErrorMessage {...props} />;
  return (
    <MessageBar intent="error" layout="multiline" data-error-code={error.code} {...(props.className ? { className: props.className } : {})}>
      <MessageBarBody>
        <MessageBarTitle>The explorer&apos;s background service</MessageBarTitle>
        {error.message}
      </MessageBarBody>
    </MessageBar>
  );
}
