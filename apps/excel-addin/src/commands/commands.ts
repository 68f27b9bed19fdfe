/**
 * The ribbon's buttons. "Open taskpane" is a ShowTaskpane action in the manifest (no code); the
 * other two are ExecuteFunction actions bound here by name (Office.actions.associate) and run
 * what the taskpane registered in the runtime's CommandRegistry. A button must always call
 * `event.completed()`, or Office shows it as busy for good.
 */
import type { AddinRuntime } from '../runtime/types.ts';
import { COMMAND_LABELS, type CommandName } from '../runtime/index.ts';

/** The ExecuteFunction names in the manifest (`<FunctionName>`), one per command. */
export const RIBBON_FUNCTIONS: Readonly<Record<CommandName, string>> = {
  refreshAll: 'refreshAllBlocks',
  insertAtSelection: 'insertAtSelection',
};

/** What a button needs of Office: the event to complete, the taskpane to show. */
export interface RibbonHost {
  /** Office.actions.associate */
  associate(name: string, action: (event: { completed(): void }) => unknown): void;
  /** Office.addin.showAsTaskpane: the taskpane registers the handlers and shows errors. */
  showTaskpane(): Promise<void>;
}

/**
 * Binds every ribbon function. A command without a handler yet (taskpane never opened in this
 * session) opens the taskpane, waits for it to register, and runs then. Failures go to the taskpane.
 */
export function bindRibbon(runtime: AddinRuntime, host: RibbonHost): void {
  for (const [command, fnName] of Object.entries(RIBBON_FUNCTIONS) as Array<[CommandName, string]>) {
    host.associate(fnName, async (event) => {
      try {
        if (command === 'insertAtSelection' || !runtime.commands.has(command)) {
          // Insert needs the taskpane's current query; refresh needs the taskpane's handler.
          await host.showTaskpane();
          await runtime.commands.whenRegistered(command);
        }
        await runtime.commands.run(command);
      } catch (error) {
        // The ribbon has no room for a sentence: the taskpane shows it (runtime.commands.onFailure).
        runtime.commands.reportFailure({ command, message: `${COMMAND_LABELS[command]} failed: ${error instanceof Error ? error.message : String(error)}` });
      } finally {
        event.completed();
      }
    });
  }
}
