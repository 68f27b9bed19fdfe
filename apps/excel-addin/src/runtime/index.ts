/**
 * The add-in's shared runtime: one per add-in instance, held by the taskpane, the custom
 * functions and the ribbon commands (see README.md, "Shared runtime").
 */
export { createAddinRuntime, type RuntimeOptions } from './runtime.ts';
export { NotConnectedError, type AddinRuntime, type LoadOptions, type RuntimeStatus, type StaleNotice } from './types.ts';
export type { ConnectionOutcome, ConnectionProblem, ReachabilityProbe } from './connection-test.ts';
export { CommandRegistry, LABELS as COMMAND_LABELS, type CommandHandler, type CommandName } from './commands.ts';
export { DEFAULT_SETTINGS, SANDBOX_BASE_URL, STORAGE_KEYS, type ConnectionSettings } from './settings.ts';
export { MemoryStorage, defaultStorage, officeRuntimeStorage, webStorage, type KeyValueStorage } from './storage.ts';
export { getRuntime, setRuntime } from './instance.ts';
