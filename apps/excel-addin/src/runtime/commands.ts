/**
 * The ribbon's commands meet the taskpane here: src/commands/ binds the ribbon buttons to names,
 * the taskpane registers what each name does (refresh every block, insert the current query at
 * the selection), and the runtime runs it. Neither side imports the other.
 */

/** Commands the ribbon offers that the taskpane implements. */
export type CommandName = 'refreshAll' | 'insertAtSelection';

export type CommandHandler = () => Promise<void>;

/** Handlers by name; the taskpane fills it when it mounts. */
export class CommandRegistry {
  readonly #handlers = new Map<CommandName, CommandHandler>();

  /** Sets what a command does; returns a function that removes it (only if it is still this handler). */
  register(name: CommandName, handler: CommandHandler): () => void {
    this.#handlers.set(name, handler);
    return () => {
      if (this.#handlers.get(name) === handler) this.#handlers.delete(name);
    };
  }

  /** Whether a command has a handler now. */
  has(name: CommandName): boolean {
    return this.#handlers.has(name);
  }

  /**
   * Runs a command. Without a handler (the taskpane has not opened yet in this session) it throws
   * an error that says to open the taskpane.
   */
  async run(name: CommandName): Promise<void> {
    const handler = this.#handlers.get(name);
    if (!handler) throw new Error(`"${LABELS[name]}" needs the Econdata taskpane: open it (Home > Econdata > Open), then try again.`);
    await handler();
  }
}

/** The button labels, for messages. */
export const LABELS: Readonly<Record<CommandName, string>> = {
  refreshAll: 'Refresh all blocks',
  insertAtSelection: 'Insert at selection',
};
