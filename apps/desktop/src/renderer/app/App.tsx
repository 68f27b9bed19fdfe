/**
 * The explorer: reads main's session once, then renders the shell inside the theme, the session
 * and @econdata/ui's data provider (whose port goes through main: no key ever reaches this page).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { NameLanguage } from '@econdata/core';
import { makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { createConnectionWatch, EconDataProvider, EconThemeProvider, outcomeOf, watchApi, type ConnectionWatch } from '@econdata/ui';
import type { SessionStatus } from '../../shared/contract.ts';
import type { DesktopApi } from '../../shared/client.ts';
import { ExploreView } from '../explore/ExploreView.tsx';
import { ConnectionView, LibraryView } from './later.tsx';
import { SessionProvider, useSession } from './session.tsx';
import { Shell, type ViewName } from './Shell.tsx';
import { AppError } from './AppError.tsx';

const useStyles = makeStyles({
  center: { display: 'flex', alignItems: 'center', justifyContent: 'center', height: '100vh', padding: tokens.spacingHorizontalXXL },
});

/** The language of series names: main keeps it (preferences.json) and names what it fetches with it. */
function useNameLanguagePreference(client: DesktopApi): [NameLanguage, (language: NameLanguage) => Promise<void>] {
  const [language, setLanguage] = useState<NameLanguage>('en');
  useEffect(() => {
    let live = true;
    // Unreadable preferences leave English: the names are a display choice, never a reason not to start.
    client.preferences.load().then((p) => { if (live) setLanguage(p.nameLanguage); }, () => undefined);
    return () => { live = false; };
  }, [client]);
  const choose = useCallback(async (next: NameLanguage) => {
    setLanguage((await client.preferences.save({ nameLanguage: next })).nameLanguage);
  }, [client]);
  return [language, choose];
}

/**
 * Main's checks of the service (every ~30 s, no key) feed the top bar's connection state, and the
 * OS's online and offline events ask for one at once: a service that stops is seen without waiting
 * for the next request, and seen back without one.
 */
function useServiceChecks(client: DesktopApi, connection: ConnectionWatch): void {
  useEffect(() => {
    const stop = client.connection.onCheck((outcome) => connection.report(outcome));
    const checkNow = (): void => {
      // The outcome arrives through onCheck too; a bridge that does not answer is news of its own.
      client.connection.check().then((outcome) => { if (outcome) connection.report(outcome); }, (error: unknown) => connection.report(outcomeOf(error)));
    };
    // Once at once: the session exists now, so main has an address to check.
    checkNow();
    window.addEventListener('online', checkNow);
    window.addEventListener('offline', checkNow);
    return () => {
      stop();
      window.removeEventListener('online', checkNow);
      window.removeEventListener('offline', checkNow);
    };
  }, [client, connection]);
}

function Explorer({ connection }: { connection: ConnectionWatch }) {
  const { client, status } = useSession();
  useServiceChecks(client, connection);
  const [view, setView] = useState<ViewName>('explore');
  const [nameLanguage, setNameLanguage] = useNameLanguagePreference(client);
  // A new profile is a new service: remount the data views so nothing of the old one lingers.
  const generation = `${status.profile.name}|${status.service.baseURL}`;
  return (
    <EconDataProvider api={client} baseURL={status.service.baseURL} connection={connection} nameLanguage={nameLanguage}>
      <Shell
        view={view}
        onNavigate={setView}
        views={{
          explore: <ExploreView key={generation} onOpenConnection={() => setView('connection')} />,
          library: <LibraryView />,
          connection: <ConnectionView nameLanguage={nameLanguage} onNameLanguage={setNameLanguage} />,
        }}
      />
    </EconDataProvider>
  );
}

/** The app root. */
export function App({ client: raw }: { client: DesktopApi }) {
  const styles = useStyles();
  // Every call to the service, from the views and from ui's components alike, tells the top bar
  // whether the service (or web mode's local server) answers.
  const connection = useMemo(() => createConnectionWatch({ checked: true }), []);
  const client = useMemo(() => watchApi(raw, connection), [raw, connection]);
  const [session, setSession] = useState<SessionStatus | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    client.session.status().then((s) => { if (live) setSession(s); }, (e: unknown) => { if (live) setError(e); });
    return () => { live = false; };
  }, [client, attempt]);

  return (
    <EconThemeProvider>
      {session ? (
        <SessionProvider client={client} initial={session}>
          <Explorer connection={connection} />
        </SessionProvider>
      ) : error ? (
        <div className={styles.center}><AppError error={error} onRetry={() => { setError(null); setAttempt((n) => n + 1); }} /></div>
      ) : (
        <div className={styles.center}><Spinner label="Starting the explorer…" /></div>
      )}
    </EconThemeProvider>
  );
}
