/**
 * The connection main holds for the renderer: the profiles (keychain's ProfileManager), one
 * EconDataClient for the active profile (its key read from the key store on every request, a
 * file-backed quota ledger and HTTP cache), and, while the built-in sandbox profile is active, the
 * sandbox itself, started in-process on a free loopback port. Keys stay here: the renderer gets
 * profiles with keychain's masked description only.
 */
import {
  axiosTransport, EconDataClient, QuotaLedger, quotaKeyId, type ClientOptions, type Transport,
} from '@econdata/core';
import { FileCacheStore, FileQuotaStore } from '@econdata/core/node';
import {
  ENV_KEY, ProfileManager, SANDBOX_PROFILE, sandboxDemoKey, type KeyStore, type Profile, type VerifyKey,
} from '@econdata/keychain';
import { startSandbox, type Sandbox, type SandboxOptions } from '@econdata/sandbox';
import type { EmbeddedSandboxInfo, ProfileView, SessionStatus } from '../../shared/contract.ts';
import type { BridgeEvent } from '../../shared/bridge.ts';
import { quotaToWire } from '../../shared/quota-wire.ts';
import type { AppFolders } from '../paths.ts';

export interface SessionOptions {
  host: 'electron' | 'web';
  folders: AppFolders;
  keyStore: KeyStore;
  keyStoreKind: 'os-keychain' | 'memory';
  /** The embedded sandbox's data folder; null = its demo pack. */
  dataDir: string | null;
  emit(event: BridgeEvent): void;
  fileDialogs: boolean;
  appVersion: string;
  env?: Record<string, string | undefined>;
  /** keychain's key check (tests replace it); default one GET /sources. */
  verifyKey?: VerifyKey;
  /** Extra client options (tests: no retries, a short timeout). */
  clientOptions?: Partial<ClientOptions>;
  /** The sandbox starter (tests count or fail starts). */
  startSandbox?: (options: SandboxOptions) => Promise<Sandbox>;
  /**
   * Told at once when a request of the client reaches no one (connection refused or reset), before
   * any retry: the reachability watch checks now, so the top bar turns red within a second rather
   * than at its next check (issue 28).
   */
  onNoAnswer?: () => void;
}

/** `transport` telling `onNoAnswer` of every attempt that got no answer (core's TransportFailure of kind connection). */
function watchedTransport(transport: Transport, onNoAnswer: () => void): Transport {
  return {
    send: (request) => transport.send(request).catch((error: unknown) => {
      if (error instanceof Error && error.name === 'TransportFailure' && (error as { kind?: unknown }).kind === 'connection') onNoAnswer();
      throw error;
    }),
  };
}

interface Active {
  profile: Profile;
  embedded: boolean;
  baseURL: string;
  client: EconDataClient;
  stopQuota: () => void;
}

/**
 * The built-in sandbox profile as installed (its name, its default address, the demo key, no key of
 * the user's own): main serves it in-process. Pointed elsewhere (a `pnpm sandbox` on another port),
 * it is an ordinary profile.
 */
function isEmbeddedProfile(profile: Profile): boolean {
  return profile.name === SANDBOX_PROFILE.name && profile.baseURL === SANDBOX_PROFILE.baseURL
    && profile.sandboxDemoKey === true && profile.keySavedAt === undefined;
}

export class Session {
  readonly profiles: ProfileManager;
  readonly options: SessionOptions;
  #active: Promise<Active> | undefined;
  #sandbox: Promise<Sandbox> | undefined;
  /** Every key main has handled in this run, so no error or log can carry one out. */
  readonly #secrets = new Set<string>();

  constructor(options: SessionOptions) {
    this.options = options;
    const env = options.env ?? process.env;
    const envKey = env[ENV_KEY]?.trim();
    if (envKey) this.#secrets.add(envKey);
    this.profiles = new ProfileManager({
      settingsPath: options.folders.settings,
      keyStore: options.keyStore,
      env,
      ...(options.verifyKey === undefined ? {} : { verifyKey: options.verifyKey }),
    });
  }

  /** Keys seen in this run (for redaction only; never sent anywhere). */
  secrets(): Iterable<string> {
    return this.#secrets;
  }

  /** Remembers a key the user gave, for redaction. */
  rememberSecret(key: string): void {
    this.#secrets.add(key.trim());
  }

  /** The client of the active profile (built on first use and after every profile change). */
  async client(): Promise<EconDataClient> {
    return (await this.#ensure()).client;
  }

  /**
   * The address of the service in use (the embedded sandbox's while it is active), once the renderer
   * has asked for anything; undefined before that or while it cannot be built. A check of the
   * connection never starts the sandbox or reads a key on its own.
   */
  async serviceURL(): Promise<string | undefined> {
    return (await this.#active?.catch(() => undefined))?.baseURL;
  }

  #ensure(): Promise<Active> {
    if (this.#active === undefined) {
      const building = this.#build();
      this.#active = building;
      // A failed build (keychain locked, sandbox data unreadable) is retried on the next call.
      building.catch(() => {
        if (this.#active === building) this.#active = undefined;
      });
    }
    return this.#active;
  }

  async #build(): Promise<Active> {
    const profile = (await this.profiles.active()) ?? { ...SANDBOX_PROFILE };
    const embedded = isEmbeddedProfile(profile);
    let connection: Pick<ClientOptions, 'baseURL' | 'authMode' | 'getApiKey' | 'sendPriority'>;
    let keyId: string;
    if (embedded) {
      const sandbox = await this.embeddedSandbox();
      const key = sandboxDemoKey(profile.plan);
      connection = { baseURL: sandbox.url, authMode: 'header', getApiKey: () => key };
      keyId = await quotaKeyId(key);
    } else {
      connection = await this.profiles.clientOptions(profile.name);
      keyId = await this.#quotaId(profile, connection.getApiKey);
    }
    const gate = new QuotaLedger({ plan: profile.plan, store: new FileQuotaStore({ dir: this.options.folders.quota }), keyId });
    const { onNoAnswer } = this.options;
    const transport = this.options.clientOptions?.transport ?? axiosTransport();
    const client = new EconDataClient({
      ...connection, gate, cache: new FileCacheStore(this.options.folders.cache), ...this.options.clientOptions,
      transport: onNoAnswer ? watchedTransport(transport, onNoAnswer) : transport,
    });
    const stopQuota = client.onQuotaChange((status) => this.options.emit({ type: 'quota', status: quotaToWire(status) }));
    return { profile, embedded, baseURL: connection.baseURL, client, stopQuota };
  }

  /** The quota log's fingerprint: of the key when it can be read now, else of the profile's name and address. */
  async #quotaId(profile: Profile, getApiKey: ClientOptions['getApiKey']): Promise<string> {
    try {
      const key = await getApiKey?.();
      if (typeof key === 'string' && key.length > 0) {
        this.#secrets.add(key);
        return await quotaKeyId(key);
      }
    } catch (error) {
      // The keychain is locked or the key missing: requests will say so; the ledger still needs an id.
      console.warn(`Quota log of profile "${profile.name}" keyed by the profile, not its key:`, error instanceof Error ? error.message : error);
    }
    return quotaKeyId(`profile:${profile.name}:${profile.baseURL}`);
  }

  /** The in-process sandbox (started once per run, on a free loopback port). */
  embeddedSandbox(): Promise<Sandbox> {
    if (this.#sandbox === undefined) {
      const start = this.options.startSandbox ?? startSandbox;
      const starting = start({ port: 0, host: '127.0.0.1', dataDir: this.options.dataDir, corsOrigins: [] });
      this.#sandbox = starting;
      starting.catch(() => {
        if (this.#sandbox === starting) this.#sandbox = undefined;
      });
    }
    return this.#sandbox;
  }

  /** Drops the current client (after a profile change) and tells the renderer the new status. */
  async changed(): Promise<SessionStatus> {
    const old = this.#active;
    this.#active = undefined;
    if (old !== undefined) (await old.catch(() => undefined))?.stopQuota();
    const status = await this.status();
    this.options.emit({ type: 'session', status });
    return status;
  }

  /** A profile for the renderer: no key, keychain's masked description. */
  async view(profile: Profile, activeName: string | undefined): Promise<ProfileView> {
    const embedded = isEmbeddedProfile(profile);
    const sandbox = embedded && this.#sandbox !== undefined ? await this.#sandbox.catch(() => undefined) : undefined;
    return {
      name: profile.name,
      baseURL: sandbox?.url ?? profile.baseURL,
      plan: profile.plan,
      authMode: profile.authMode,
      active: profile.name === activeName,
      key: await this.profiles.describeKey(profile.name),
      embedded,
      kind: profile.kind ?? 'service',
    };
  }

  /** Every profile as the renderer sees it. */
  async views(): Promise<ProfileView[]> {
    const active = (await this.profiles.active())?.name;
    return Promise.all((await this.profiles.list()).map((p) => this.view(p, active)));
  }

  /** What the renderer shows about the connection. */
  async status(): Promise<SessionStatus> {
    const active = await this.#ensure();
    const view = await this.view(active.profile, active.profile.name);
    const { folders } = this.options;
    const base = {
      host: this.options.host,
      profile: view,
      folders: { home: folders.home, library: folders.library, downloads: folders.downloads },
      keyStore: view.key.source === 'environment' ? 'environment' as const : this.options.keyStoreKind,
      fileDialogs: this.options.fileDialogs,
      appVersion: this.options.appVersion,
    };
    if (active.embedded) {
      const sandbox = await this.embeddedSandbox();
      const embedded: EmbeddedSandboxInfo = {
        url: sandbox.url, data: sandbox.info.demo ? 'demo' : 'real', dataDir: sandbox.info.demo ? null : this.options.dataDir,
      };
      const what = embedded.data === 'demo'
        ? 'generated DEMO data (invented numbers, for trying the explorer)'
        : `the real public data in ${embedded.dataDir ?? 'its data folder'}`;
      return {
        ...base,
        service: { kind: 'sandbox', baseURL: sandbox.url, embedded },
        data: embedded.data,
        notice: `This is the built-in sandbox, not the Economic Data Service: a local copy of the service running inside the explorer, serving ${what} with the public demo key of the ${active.profile.plan} plan. To use the real service, add a profile with its address and your API key.`,
      };
    }
    return {
      ...base,
      service: { kind: 'service', baseURL: active.baseURL },
      data: 'real',
      notice: `Connected to ${active.baseURL} with profile "${view.name}" (${view.plan} plan). ${view.key.summary}`,
    };
  }

  /** Stops the embedded sandbox and the quota subscription. */
  async close(): Promise<void> {
    const active = this.#active;
    this.#active = undefined;
    if (active !== undefined) (await active.catch(() => undefined))?.stopQuota();
    const sandbox = this.#sandbox;
    this.#sandbox = undefined;
    if (sandbox !== undefined) await (await sandbox.catch(() => undefined))?.close();
  }
}
