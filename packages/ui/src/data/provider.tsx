/** React context holding the EconDataApi the hooks and components read through. */
import type { NameLanguage } from '@econdata/core';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { EconDataApi } from './api.ts';
import type { DescribeContext } from '../errors/describe-error.ts';
import { createConnectionWatch, watchApi, type ConnectionState, type ConnectionWatch } from '../connection-state/connection-watch.ts';

interface EconDataContextValue {
  api: EconDataApi;
  /** Whether the service answers, from the outcomes of the requests made through `api`. */
  connection: ConnectionWatch;
  /** Passed to describeError: the base URL for connection errors, the origin for CORS hints. */
  describe: DescribeContext;
  /** The language series names are shown in (core's indicatorName decides the name). */
  nameLanguage: NameLanguage;
}

const EconDataContext = createContext<EconDataContextValue | null>(null);

export interface EconDataProviderProps {
  api: EconDataApi;
  /** The service address shown in connection errors. */
  baseURL?: string;
  /** The page origin (browser runtimes) named when a connection fails, since CORS refusals look the same. */
  origin?: string;
  /** Time zone for reset times (default: the runtime's). */
  timeZone?: string;
  /**
   * The connection watch `api` already reports to (made with watchApi, e.g. so that an app's own
   * calls outside the provider count too). Without it the provider watches `api` itself.
   */
  connection?: ConnectionWatch;
  /** The language of series names in pickers and cards: 'en' (default) or 'vi' (the app's setting). */
  nameLanguage?: NameLanguage;
  children: ReactNode;
}

/** Makes `api` available to every hook and component below. */
export function EconDataProvider({ api, baseURL, origin, timeZone, connection, nameLanguage = 'en', children }: EconDataProviderProps): ReactNode {
  const value = useMemo<EconDataContextValue>(() => {
    const describe: DescribeContext = {};
    if (baseURL !== undefined) describe.baseURL = baseURL;
    if (origin !== undefined) describe.origin = origin;
    if (timeZone !== undefined) describe.timeZone = timeZone;
    if (connection) return { api, describe, connection, nameLanguage };
    const own = createConnectionWatch();
    return { api: watchApi(api, own), describe, connection: own, nameLanguage };
  }, [api, baseURL, origin, timeZone, connection, nameLanguage]);
  return <EconDataContext.Provider value={value}>{children}</EconDataContext.Provider>;
}

/** The api of the nearest EconDataProvider; throws a clear error outside one. */
export function useEconData(): EconDataApi {
  return useEconDataContext().api;
}

/** The api of the nearest EconDataProvider, or undefined outside one. */
export function useOptionalEconData(): EconDataApi | undefined {
  return useContext(EconDataContext)?.api;
}

/** The provider's describeError context (base URL, origin, time zone); empty outside a provider. */
export function useDescribeContext(): DescribeContext {
  return useContext(EconDataContext)?.describe ?? {};
}

const UNKNOWN: ConnectionState = { status: 'unknown' };

/** Whether the service answers (unknown outside a provider and before the first request), kept live. */
export function useConnectionState(): ConnectionState {
  const watch = useContext(EconDataContext)?.connection;
  const [state, setState] = useState<ConnectionState>(() => watch?.state() ?? UNKNOWN);
  useEffect(() => {
    if (!watch) return undefined;
    setState(watch.state());
    return watch.subscribe(setState);
  }, [watch]);
  return watch ? state : UNKNOWN;
}

/** The language series names are shown in ('en' outside a provider). */
export function useNameLanguage(): NameLanguage {
  return useContext(EconDataContext)?.nameLanguage ?? 'en';
}

function useEconDataContext(): EconDataContextValue {
  const value = useContext(EconDataContext);
  if (!value) throw new Error('No EconDataProvider above this component: wrap the app in <EconDataProvider api={...}>.');
  return value;
}
