/**
 * An error as a sentence that says what happened and what to do. Data errors (core's codes) go to
 * @econdata/ui's ErrorMessage; the desktop's own (keychain, saved exports and files, the bridge to
 * main) already carry such a sentence in their message, and get a title that names what failed
 * instead of "Unexpected error".
 */
import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { ErrorMessage, type ErrorMessageProps } from '@econdata/ui';
import { DesktopError } from '../../shared/wire-error.ts';

const TITLES: Record<string, string> = {
  key_rejected: 'Key not saved', invalid_key: 'Key not saved', key_missing: 'No key saved',
  keychain_unavailable: 'The keychain cannot be used', keychain_failed: 'The keychain refused',
  profile_exists: 'That profile exists', profile_not_found: 'No such profile', invalid_profile: 'Check the profile',
  settings_corrupt: 'Settings cannot be read', settings_unsupported: 'Settings from a newer version', settings_io: 'Settings cannot be written',
  checksum_mismatch: 'The export file changed', corrupt_manifest: 'A saved export cannot be read', export_not_found: 'No such export', damaged_export: 'A saved export is damaged',
  different_queries: 'Not the same query', unreadable_file: 'The file cannot be read', file_too_large: 'The file is too large',
  too_many_rows: 'Too many rows', mixed_frequencies: 'Frequencies do not mix', write_failed: 'The file was not written', invalid_period: 'A period is not valid',
};

const FAMILY: Record<string, string> = { KeychainError: 'Key or profile problem', SheetsError: 'File problem', BridgeError: "The explorer's background service" };

/** Shows any error the explorer meets. */
export function AppError(props: ErrorMessageProps) {
  const { error } = props;
  if (!(error instanceof DesktopError)) return <ErrorMessage {...props} />;
  return (
    <MessageBar intent="error" layout="multiline" data-error-code={error.code} {...(props.className ? { className: props.className } : {})}>
      <MessageBarBody>
        <MessageBarTitle>{TITLES[error.code] ?? FAMILY[error.family] ?? 'Something failed'}</MessageBarTitle>
        {error.message}
      </MessageBarBody>
    </MessageBar>
  );
}
