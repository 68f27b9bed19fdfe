/**
 * The one page script of the shared runtime (taskpane.html): creates the runtime, registers the
 * ECON.* functions and the ribbon commands with Office, and mounts the taskpane. The manifest
 * points the taskpane, the functions' page and the ribbon's function file all at this page, so
 * they share one client, one quota ledger and one cache.
 */
import { bindRibbon } from './commands/commands.ts';
import { associateFunctions } from './functions/functions.ts';
import { createAddinRuntime, setRuntime } from './runtime/index.ts';
import { excelHost } from './taskpane/excel-target.ts';

/** What the production page shows when opened outside Excel (a browser tab). */
const NOT_IN_EXCEL = 'Econdata runs inside Excel: add it to Excel (Home > Add-ins) and open it from the Econdata tab.';

const runtime = createAddinRuntime();
setRuntime(runtime);

// Excel may call a function as soon as the page has loaded: register before anything awaits.
const customFunctions = (globalThis as { CustomFunctions?: typeof CustomFunctions }).CustomFunctions;
if (customFunctions) associateFunctions((id, fn) => customFunctions.associate(id, fn));

void Office.onReady().then(async () => {
  // Office.actions exists in a shared runtime inside Office; a plain browser has no ribbon.
  const actions = (Office as { actions?: typeof Office.actions }).actions;
  if (actions && Office.addin) {
    bindRibbon(runtime, { associate: (name, action) => actions.associate(name, action), showTaskpane: () => Office.addin.showAsTaskpane() });
  }
  const root = document.getElementById('root');
  if (!root) throw new Error('taskpane.html has no #root element');
  const excel = excelHost();
  if (excel) {
    // Loaded after the functions are registered: Excel does not wait for React and Fluent UI to parse.
    const { mountTaskpane } = await import('./taskpane/mount.tsx');
    mountTaskpane(root, runtime, excel);
  } else if (import.meta.env.DEV) {
    // No Excel, on the development server: the taskpane beside the in-page workbook stand-in.
    // `vite build` replaces import.meta.env.DEV with false and drops this import (test/build.contract.test.ts checks).
    const { mountWithStandin } = await import('../dev/standin/mount.tsx');
    mountWithStandin(root, runtime);
  } else {
    root.textContent = NOT_IN_EXCEL;
  }
}).catch((error: unknown) => {
  const root = document.getElementById('root');
  const message = `Econdata could not start: ${error instanceof Error ? error.message : String(error)}. Reload the add-in.`;
  if (root) root.textContent = message;
  console.error(message);
});
