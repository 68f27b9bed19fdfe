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
  readonly #waiting = new Map<CommandName, Array<() => void>>();
  readonly #failureListeners = new Set<(failure: { command: CommandName; message: string }) => void>();

  /** Sets what a command does; returns a function that removes it (only if it is still this handler). */
  register(name: CommandName, handler: CommandHandler): () => void {
    this.#handlers.set(name, handler);
    for (const wake of this.#waiting.get(name) ?? []) wake();
    this.#waiting.delete(name);
    return () => {
      if (this.#handlers.get(name) === handler) this.#handlers.delete(name);
    };
  }

  /** Whether a command has a handler now. */
  has(name: CommandName): boolean {
    return this.#handlers.has(name);
  }

  /**
   * Resolves once `name` has a handler (the ribbon opened the taskpane and waits for it to mount);
   * rejects after `timeoutMs` with a message that says what to do.
   */
  whenRegistered(name: CommandName, timeoutMs = 15_000): Promise<void> {
    if (this.#handlers.has(name)) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the Econdata taskpane did not open in time: open it (Home > Econdata > Open), then try "${LABELS[name]}" again.`)), timeoutMs);
      const list = this.#waiting.get(name) ?? [];
      list.push(() => {
        clearTimeout(timer);
        resolve();
      });
      this.#waiting.set(name, list);
    });
  }

  /** Tells the taskpane a ribbon command failed (the ribbon has no room for a message); returns the unsubscribe function. */
  onFailure(fn: (failure: { command: CommandName; message: string }) => void): () => void {
    this.#failureListeners.add(fn);
    return () => this.#failureListeners.delete(fn);
  }

  /** Reports a failed ribbon command to every listener (src/commands calls it). */
  reportFailure(failure: { command: CommandName; message: string }): void {
    if (this.#failureListeners.size === 0) console.error(`Econdata: ${failure.message}`);
    for (const fn of this.#failureListeners) fn(failure);
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
