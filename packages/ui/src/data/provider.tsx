/** React context holding the EconDataApi the hooks and components read through. */
import type { NameLanguage } from '@econdata/core';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { EconDataApi } from './api.ts';
import type { DescribeContext } from '../errors/describe-error.ts';

interface EconDataContextValue {
  api: EconDataApi;
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
  /** The language of series names in pickers and cards: 'en' (default) or 'vi' (the app's setting). */
  nameLanguage?: NameLanguage;
  children: ReactNode;
}

/** Makes `api` available to every hook and component below. */
export function EconDataProvider({ api, baseURL, origin, timeZone, nameLanguage = 'en', children }: EconDataProviderProps): ReactNode {
  const value = useMemo<EconDataContextValue>(() => {
    const describe: DescribeContext = {};
    if (baseURL !== undefined) describe.baseURL = baseURL;
    if (origin !== undefined) describe.origin = origin;
    if (timeZone !== undefined) describe.timeZone = timeZone;
    return { api, describe, nameLanguage };
  }, [api, baseURL, origin, timeZone, nameLanguage]);
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

/** The language series names are shown in ('en' outside a provider). */
export function useNameLanguage(): NameLanguage {
  return useContext(EconDataContext)?.nameLanguage ?? 'en';
}

function useEconDataContext(): EconDataContextValue {
  const value = useContext(EconDataContext);
  if (!value) throw new Error('No EconDataProvider above this component: wrap the app in <EconDataProvider api={...}>.');
  return value;
}
