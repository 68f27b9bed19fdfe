/**
 * The shared runtime's contract: what the taskpane, the custom functions and the ribbon commands
 * all hold (one per add-in instance, since the manifest gives them one shared runtime).
 */
import type { Catalogue, EconDataClient, NameLanguage, PlanName, QuotaStatus, Series, SeriesQuery } from '@econdata/core';
import type { CommandRegistry } from './commands.ts';
import type { ConnectionOutcome } from './connection-test.ts';
import type { ConnectionSettings } from './settings.ts';

/** What the taskpane shows about the connection. Never holds the key. */
export interface RuntimeStatus {
  /** Settings and a key are in place: requests can be sent. */
  connected: boolean;
  baseURL: string | null;
  plan: PlanName | null;
  /**
   * Where `plan` comes from: 'service' (its rate-limit headers), 'user' (chosen, the service says
   * nothing), or null while unknown (Free is assumed: the taskpane asks once).
   */
  planSource: 'service' | 'user' | null;
  /** The local sandbox (loopback address) or a deployed service. */
  service: 'sandbox' | 'real' | null;
  /** The service said its data is generated demo data (the sandbox without a data folder); null until tested. */
  demoData: boolean | null;
  /** The last "Test connection" (or connect) outcome in this session. */
  lastTest: ConnectionOutcome | null;
  /** Where the key is kept ('OfficeRuntime.storage', 'localStorage', 'memory'). */
  keyStorage: string;
  /** A problem with the saved settings found at start-up, as a sentence that says what to do. */
  problem: string | null;
}

/** A result served from an expired cache entry because the service could not answer. */
export interface StaleNotice {
  /** The formula's cell (from the custom function's invocation), when known. */
  address?: string;
  seriesId: string;
  query: SeriesQuery;
  /** When the value shown was fetched (ISO 8601). */
  retrievedAt: string;
}

/** Options of one load through the collector. */
export interface LoadOptions {
  /** The calling cell, so stale notices can name it. */
  address?: string;
  signal?: AbortSignal;
}

/** The one runtime of an add-in instance. */
export interface AddinRuntime {
  /** Resolves when saved settings have been read (connects without sending anything). */
  readonly ready: Promise<void>;
  readonly status: RuntimeStatus;
  /** Calls `fn` on every status change; returns the unsubscribe function. */
  onStatus(fn: (status: RuntimeStatus) => void): () => void;
  /** The saved settings (the connect form pre-fills from them), or the defaults (the sandbox, Free). */
  savedSettings(): Promise<ConnectionSettings>;
  /**
   * Tests the settings and key; when the key is accepted (or the service cannot be asked now)
   * saves both in the add-in's storage and connects. A refused key or a CORS refusal keeps the
   * previous connection.
   */
  connect(settings: ConnectionSettings, apiKey: string): Promise<ConnectionOutcome>;
  /** Tests the current connection; `permission` (a data query) also checks the plan covers that source. */
  testConnection(options?: { permission?: SeriesQuery }): Promise<ConnectionOutcome>;
  /**
   * Sets the plan the user chose (the service does not state it) for the current connection, kept
   * in the settings as the user's choice; the quota ledger paces requests by it at once.
   */
  choosePlan(plan: PlanName): Promise<void>;
  /** Drops the connection and forgets the key (settings stay, to pre-fill the form). */
  disconnect(): Promise<void>;
  /** The client of the current connection (the taskpane's EconDataApi), or undefined when not connected. */
  readonly client: EconDataClient | undefined;
  /**
   * The language series names are shown in, as the Connection tab last stored it (read anew each
   * time: the taskpane writes it; English when unset or unreadable).
   */
  nameLanguage(): Promise<NameLanguage>;
  /**
   * The catalogue of the current connection (core keeps it in its cache), from which series are
   * named in another language; throws NotConnectedError before a connection exists.
   */
  catalogue(options?: { signal?: AbortSignal }): Promise<Catalogue>;
  /** One series through the shared collector (coalesced with every load of the same moment). */
  load(query: SeriesQuery, options?: LoadOptions): Promise<Series>;
  /** The quota ledger's status, or undefined when not connected. */
  quotaStatus(): QuotaStatus | undefined;
  /** Calls `fn` on every quota change, across reconnects; returns the unsubscribe function. */
  onQuotaChange(fn: (status: QuotaStatus) => void): () => void;
  /** Results now shown from an expired cache entry. */
  staleResults(): readonly StaleNotice[];
  /** Calls `fn` with every stale result whenever that list changes; returns the unsubscribe function. */
  onStale(fn: (stale: readonly StaleNotice[]) => void): () => void;
  /** The ribbon commands the taskpane implements. */
  readonly commands: CommandRegistry;
}

/** Thrown by `load` before a connection exists. */
export class NotConnectedError extends Error {
  override readonly name = 'NotConnectedError';
  constructor() {
    super('Not connected to the data service: open the Econdata taskpane and connect.');
  }
}
