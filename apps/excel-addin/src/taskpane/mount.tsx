/**
 * The taskpane's entry (src/main.ts calls it once Office is ready): renders the taskpane into
 * `root`. Without an Excel host (a plain browser: development, Chromium tests) it also renders the
 * in-page workbook stand-in beside the taskpane, so inserting and refreshing can be seen and tested.
 */
import { makeStyles, tokens } from '@fluentui/react-components';
import { EconThemeProvider } from '@econdata/ui';
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { evaluateEconFormula } from '../functions/evaluate.ts';
import { SheetView } from '../office/standin/SheetView.tsx';
import type { StandinWorkbook } from '../office/standin/workbook.ts';
import type { AddinRuntime } from '../runtime/index.ts';
import { TaskpaneApp } from './App.tsx';
import { resolveExcelTarget, type ExcelTarget } from './excel-target.ts';

const useStyles = makeStyles({
  // The pane as wide as Excel's taskpanes run (320-450 px), the workbook beside it takes the rest.
  preview: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) clamp(320px, 30vw, 450px)', height: '100vh', overflow: 'hidden' },
  sheet: { minWidth: 0, minHeight: 0, borderRight: `1px solid ${tokens.colorNeutralStroke1}` },
  pane: { overflowY: 'auto', minHeight: 0 },
});

function Preview({ runtime, target, standin }: { runtime: AddinRuntime; target: ExcelTarget; standin: StandinWorkbook }): ReactNode {
  const styles = useStyles();
  return (
    <div className={styles.preview}>
      <div className={styles.sheet}>
        <SheetView workbook={standin} />
      </div>
      <div className={styles.pane}>
        <TaskpaneApp runtime={runtime} excel={target.excel} />
      </div>
    </div>
  );
}

/** Mounts the taskpane; returns the Excel target it writes to (the stand-in workbook outside Excel). */
export function mountTaskpane(root: HTMLElement, runtime: AddinRuntime): ExcelTarget {
  // Outside Excel the stand-in calculates ECON formulas with the same functions Excel would call.
  const target = resolveExcelTarget(evaluateEconFormula);
  const { standin } = target;
  if (standin) (globalThis as { econdataStandin?: StandinWorkbook }).econdataStandin = standin;
  createRoot(root).render(
    <EconThemeProvider>
      {standin ? <Preview runtime={runtime} target={target} standin={standin} /> : <TaskpaneApp runtime={runtime} excel={target.excel} />}
    </EconThemeProvider>,
  );
  return target;
}
