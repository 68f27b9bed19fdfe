/**
 * The session the whole explorer reads: the desktop client, main's SessionStatus (which profile,
 * which service, the sandbox notice), and a way to refresh it after a profile change. Main also
 * pushes 'session' events (a profile switched elsewhere), which replace the status.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { SessionStatus } from '../../shared/contract.ts';
import type { DesktopApi } from '../../shared/client.ts';

interface SessionValue {
  client: DesktopApi;
  status: SessionStatus;
  /** Reads the status again (after profiles.create/switch/remove). */
  refresh(): Promise<void>;
  /** Replaces the status with one an operation answered (profiles.switch). */
  setStatus(status: SessionStatus): void;
}

const SessionContext = createContext<SessionValue | null>(null);

export function SessionProvider({ client, initial, children }: { client: DesktopApi; initial: SessionStatus; children: ReactNode }) {
  const [status, setStatus] = useState(initial);
  useEffect(() => client.onEvent((e) => { if (e.type === 'session') setStatus(e.status); }), [client]);
  const refresh = useCallback(async () => setStatus(await client.session.status()), [client]);
  const value = useMemo(() => ({ client, status, refresh, setStatus }), [client, status, refresh]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The session of the nearest SessionProvider. */
export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider: the explorer wraps its views in one.');
  return value;
}
