/**
 * Open a CSV or XLSX the user already has. Electron shows main's native dialog; web mode reads the
 * picked file here and sends its bytes (main parses it with sheets' readers, never this page).
 */
import { useRef, useState } from 'react';
import { Button } from '@fluentui/react-components';
import { DocumentArrowUp20Regular } from '@fluentui/react-icons';
import type { OpenedFile } from '../../shared/contract.ts';
import { useSession } from '../app/session.tsx';

/** base64 of a file's bytes, in chunks (a spread of a large array overflows the call stack). */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

/** The "Open a file" button. */
export function OpenFileButton({ onOpened, onError }: { onOpened(file: OpenedFile): void; onError(error: unknown): void }) {
  const { client, status } = useSession();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  const open = async (request: Parameters<typeof client.library.openFile>[0]): Promise<void> => {
    setBusy(true);
    try {
      const file = await client.library.openFile(request);
      if (file.fileName !== null) onOpened(file);
    } catch (e) {
      onError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        icon={<DocumentArrowUp20Regular />}
        disabled={busy}
        onClick={() => (status.fileDialogs ? void open({ from: 'dialog' }) : input.current?.click())}
      >
        {busy ? 'Opening…' : 'Open a file…'}
      </Button>
      <input
        ref={input}
        type="file"
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        hidden
        aria-label="CSV or XLSX file to open"
        data-testid="open-file-input"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (!file) return;
          base64Of(file).then((base64) => open({ from: 'upload', fileName: file.name, base64 }), onError);
        }}
      />
    </>
  );
}
