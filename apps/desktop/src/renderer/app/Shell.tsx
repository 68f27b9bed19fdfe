/**
 * The explorer's frame: a left navigation (Explore, Saved exports, Connection), a top bar with the
 * connection and the quota, the sandbox banner, and the current view. The views stay mounted while
 * hidden so a fetched series or an opened export is still there when the user comes back.
 */
import { useState, type JSX, type ReactNode } from 'react';
import { makeStyles, tokens, NavDrawer, NavDrawerBody, NavDrawerHeader, NavItem, Text } from '@fluentui/react-components';
import { DataTrending20Regular, DataLine20Regular, FolderOpen20Regular, PlugConnected20Regular } from '@fluentui/react-icons';
import { SandboxBanner } from './SandboxBanner.tsx';
import { TopBar } from './TopBar.tsx';
import { NewDataBanner } from '../watch/NewDataBanner.tsx';

export type ViewName = 'explore' | 'library' | 'connection';

const useStyles = makeStyles({
  root: { display: 'flex', height: '100vh', width: '100vw', overflow: 'hidden', backgroundColor: tokens.colorNeutralBackground2 },
  nav: { width: '208px', flexShrink: 0, borderRight: `1px solid ${tokens.colorNeutralStroke2}` },
  brand: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalS}` },
  logo: { color: tokens.colorBrandForeground1, display: 'flex' },
  main: { flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' },
  content: { flex: 1, minHeight: 0, position: 'relative' },
  view: { position: 'absolute', inset: 0, overflow: 'auto' },
  hidden: { display: 'none' },
});

export interface ShellProps {
  views: Record<ViewName, ReactNode>;
  view: ViewName;
  onNavigate(view: ViewName): void;
}

const NAV: Array<{ value: ViewName; label: string; icon: JSX.Element }> = [
  { value: 'explore', label: 'Explore', icon: <DataLine20Regular /> },
  { value: 'library', label: 'Saved exports', icon: <FolderOpen20Regular /> },
  { value: 'connection', label: 'Connection', icon: <PlugConnected20Regular /> },
];

/** The frame around every view. */
export function Shell({ views, view, onNavigate }: ShellProps) {
  const styles = useStyles();
  const [mounted, setMounted] = useState<Set<ViewName>>(() => new Set([view]));
  if (!mounted.has(view)) setMounted(new Set([...mounted, view]));
  return (
    <div className={styles.root}>
      <NavDrawer type="inline" open className={styles.nav} selectedValue={view} onNavItemSelect={(_, d) => onNavigate(d.value as ViewName)} aria-label="Explorer sections">
        <NavDrawerHeader>
          <div className={styles.brand}>
            <span className={styles.logo} aria-hidden><DataTrending20Regular /></span>
            <Text weight="semibold" size={500}>Econdata</Text>
          </div>
        </NavDrawerHeader>
        <NavDrawerBody>
          {NAV.map((n) => (
            <NavItem key={n.value} value={n.value} icon={n.icon} aria-current={view === n.value ? 'page' : undefined}>{n.label}</NavItem>
          ))}
        </NavDrawerBody>
      </NavDrawer>
      <div className={styles.main}>
        <TopBar onOpenConnection={() => onNavigate('connection')} />
        <SandboxBanner onOpenConnection={() => onNavigate('connection')} />
        <NewDataBanner />
        <main className={styles.content}>
          {NAV.map((n) => (mounted.has(n.value) ? (
            <section key={n.value} className={n.value === view ? styles.view : styles.hidden} aria-label={n.label} hidden={n.value !== view}>
              {views[n.value]}
            </section>
          ) : null))}
        </main>
      </div>
    </div>
  );
}
