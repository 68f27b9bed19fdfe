/** What the last export wrote, and "Save to library" when it went to Downloads. */
import { useState } from 'react';
import { Button, makeStyles, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, tokens } from '@fluentui/react-components';
import type { ExportDone } from './ExportMenu.tsx';
import { AppError } from '../app/AppError.tsx';

const useStyles = makeStyles({
  folder: { overflowWrap: 'anywhere', fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
});

const fileName = (path: string): string => path.split(/[\\/]/).pop() ?? path;
const folderOf = (path: string): string => path.slice(0, Math.max(0, path.length - fileName(path).length - 1));

/** The success bar of an export. */
export function ExportResultBar({ done, onDismiss }: { done: ExportDone; onDismiss(): void }) {
  const styles = useStyles();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const { result, saveToLibrary } = done;
  const saved = result.saved;
  return (
    <>
      <MessageBar intent="success" layout="multiline" data-testid="export-result">
        <MessageBarBody>
          <MessageBarTitle>{saved ? `Saved to Saved exports as "${saved.name}"` : 'Exported'}</MessageBarTitle>
          {`${result.format.toUpperCase()}, ${result.bytes.toLocaleString('en-US')} bytes${result.path ? `: ${fileName(result.path)}` : ''}`}
          {result.provenancePath ? <div>{`Provenance: ${fileName(result.provenancePath)}`}</div> : null}
          {result.path ? <div className={styles.folder} title={result.path}>{`in ${folderOf(result.path)}`}</div> : null}
        </MessageBarBody>
        <MessageBarActions containerAction={<Button appearance="transparent" size="small" onClick={onDismiss}>Dismiss</Button>}>
          {saveToLibrary ? (
            <Button size="small" disabled={busy} onClick={() => { setBusy(true); saveToLibrary().then(() => setBusy(false), (e: unknown) => { setBusy(false); setError(e); }); }}>
              Save to library
            </Button>
          ) : null}
        </MessageBarActions>
      </MessageBar>
      {error ? <AppError error={error} /> : null}
    </>
  );
}
