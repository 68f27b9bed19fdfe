/**
 * The taskpane's entry (src/main.ts calls it once Office is ready): renders the taskpane into
 * `root`, writing to `excel`. The development server's stand-in page (dev/standin/mount.tsx) wraps
 * the same TaskpaneApp beside its in-page workbook.
 */
import { EconThemeProvider } from '@econdata/ui';
import { createRoot } from 'react-dom/client';
import type { ExcelHost } from '../office/excel-api.ts';
import type { AddinRuntime } from '../runtime/index.ts';
import { TaskpaneApp } from './App.tsx';

/** Mounts the taskpane, writing to `excel` (Excel.run inside Excel). */
export function mountTaskpane(root: HTMLElement, runtime: AddinRuntime, excel: ExcelHost): void {
  createRoot(root).render(
    <EconThemeProvider>
      <TaskpaneApp runtime={runtime} excel={excel} />
    </EconThemeProvider>,
  );
}
