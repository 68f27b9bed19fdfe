/** What the last export wrote, and "Save to library" when it went to Downloads. */
import { useState } from 'react';
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { ErrorMessage } from '@econdata/ui';
import type { ExportDone } from './ExportMenu.tsx';

/** The success bar of an export. */
export function ExportResultBar({ done, onDismiss }: { done: ExportDone; onDismiss(): void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const { result, saveToLibrary } = done;
  const saved = result.saved;
  return (
    <>
      <MessageBar intent="success" layout="multiline" data-testid="export-result">
        <MessageBarBody>
          <MessageBarTitle>{saved ? `Saved to Saved exports as "${saved.name}"` : 'Exported'}</MessageBarTitle>
          {`${result.format.toUpperCase()}, ${result.bytes.toLocaleString('en-US')} bytes`}
          {result.path ? <div style={{ overflowWrap: 'anywhere' }} title={result.path}>{result.path}</div> : null}
        </MessageBarBody>
        <MessageBarActions containerAction={<Button appearance="transparent" size="small" onClick={onDismiss}>Dismiss</Button>}>
          {saveToLibrary ? (
            <Button size="small" disabled={busy} onClick={() => { setBusy(true); saveToLibrary().then(() => setBusy(false), (e: unknown) => { setBusy(false); setError(e); }); }}>
              Save to library
            </Button>
          ) : null}
        </MessageBarActions>
      </MessageBar>
      {error ? <ErrorMessage error={error} /> : null}
    </>
  );
}
