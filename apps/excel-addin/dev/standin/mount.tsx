/**
 * Development only (src/main.ts imports it behind `import.meta.env.DEV`, so `vite build` leaves it
 * out): in a plain browser (no Excel host: `pnpm dev` opened in a browser, the Chromium suites) the
 * taskpane renders beside an in-page workbook stand-in, so inserting and refreshing can be seen and
 * tested. Its ECON formulas calculate with the same functions Excel would call.
 */
import { makeStyles, tokens } from '@fluentui/react-components';
import { EconThemeProvider } from '@econdata/ui';
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import type { AddinRuntime } from '../../src/runtime/index.ts';
import { TaskpaneApp } from '../../src/taskpane/App.tsx';
import { evaluateEconFormula } from './evaluate.ts';
import { SheetView } from './SheetView.tsx';
import { createStandinWorkbook, type StandinWorkbook } from './workbook.ts';

const useStyles = makeStyles({
  // The pane as wide as Excel's taskpanes run (320-450 px), the workbook beside it takes the rest.
  preview: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) clamp(320px, 30vw, 450px)', height: '100vh', overflow: 'hidden' },
  sheet: { minWidth: 0, minHeight: 0, borderRight: `1px solid ${tokens.colorNeutralStroke1}` },
  pane: { overflowY: 'auto', minHeight: 0 },
});

function Preview({ runtime, standin }: { runtime: AddinRuntime; standin: StandinWorkbook }): ReactNode {
  const styles = useStyles();
  return (
    <div className={styles.preview}>
      <div className={styles.sheet}>
        <SheetView workbook={standin} />
      </div>
      <div className={styles.pane}>
        <TaskpaneApp runtime={runtime} excel={standin.excel} />
      </div>
    </div>
  );
}

/** Mounts the taskpane beside a fresh stand-in workbook; the suites read it as `globalThis.econdataStandin`. */
export function mountWithStandin(root: HTMLElement, runtime: AddinRuntime): StandinWorkbook {
  const standin = createStandinWorkbook(undefined, evaluateEconFormula);
  const react = createRoot(root);
  let opened = 0;
  const render = (): void =>
    react.render(
      <EconThemeProvider>
        <Preview key={opened} runtime={runtime} standin={standin} />
      </EconThemeProvider>,
    );
  // `reopen()`: the taskpane loads again over the same workbook, as when Excel opens a saved
  // workbook that loads the add-in with it (refresh on open).
  (globalThis as { econdataStandin?: StandinWorkbook & { reopen(): void } }).econdataStandin = Object.assign(standin, {
    reopen: () => {
      opened += 1;
      render();
    },
  });
  render();
  return standin;
}
