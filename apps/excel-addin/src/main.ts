/**
 * The one page script of the shared runtime (taskpane.html): creates the runtime, registers the
 * ECON.* functions and the ribbon commands with Office, and mounts the taskpane. The manifest
 * points the taskpane, the functions' page and the ribbon's function file all at this page, so
 * they share one client, one quota ledger and one cache.
 */
import { bindRibbon } from './commands/commands.ts';
import { associateFunctions } from './functions/functions.ts';
import { createAddinRuntime, setRuntime } from './runtime/index.ts';

const runtime = createAddinRuntime();
setRuntime(runtime);

// Excel may call a function as soon as the page has loaded: register before anything awaits.
const customFunctions = (globalThis as { CustomFunctions?: typeof CustomFunctions }).CustomFunctions;
if (customFunctions) associateFunctions((id, fn) => customFunctions.associate(id, fn));

void Office.onReady().then(async () => {
  // Office.actions exists in a shared runtime inside Office; the browser stand-in has no ribbon.
  const actions = (Office as { actions?: typeof Office.actions }).actions;
  if (actions && Office.addin) {
    bindRibbon(runtime, { associate: (name, action) => actions.associate(name, action), showTaskpane: () => Office.addin.showAsTaskpane() });
  }
  const root = document.getElementById('root');
  if (!root) throw new Error('taskpane.html has no #root element');
  // Loaded after the functions are registered: Excel does not wait for React and Fluent UI to parse.
  const { mountTaskpane } = await import('./taskpane/mount.tsx');
  mountTaskpane(root, runtime);
}).catch((error: unknown) => {
  const root = document.getElementById('root');
  const message = `Econdata could not start: ${error instanceof Error ? error.message : String(error)}. Reload the add-in.`;
  if (root) root.textContent = message;
  console.error(message);
});
