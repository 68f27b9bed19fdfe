/** One profile: where it connects, its plan, its key (masked, with its age), and its actions. */
import { useRef, useState } from 'react';
import {
  Badge, Button, Card, CardHeader, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, makeStyles, Text, tokens,
} from '@fluentui/react-components';
import { CheckmarkCircle16Filled, Key20Regular } from '@fluentui/react-icons';
import type { ConnectionTest, ProfileView, SessionStatus } from '../../shared/contract.ts';
import { reviveError } from '../../shared/wire-error.ts';
import { useSession } from '../app/session.tsx';
import { AppError } from '../app/AppError.tsx';
import { EditProfileDialog } from './EditProfileDialog.tsx';

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalL },
  title: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  badge: { whiteSpace: 'nowrap', flexShrink: 0 },
  facts: { display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: tokens.spacingHorizontalM, rowGap: tokens.spacingVerticalXXS, margin: 0 },
  term: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  value: { margin: 0, fontSize: tokens.fontSizeBase300, overflowWrap: 'anywhere' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  keyInput: {
    width: '100%', boxSizing: 'border-box', minHeight: '32px', padding: `0 ${tokens.spacingHorizontalM}`,
    fontFamily: 'inherit', fontSize: tokens.fontSizeBase300, color: tokens.colorNeutralForeground1, backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke1}`, borderBottomColor: tokens.colorNeutralStrokeAccessible, borderRadius: tokens.borderRadiusMedium,
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '1px' },
  },
  ok: { color: tokens.colorPaletteGreenForeground1, display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  warn: { color: tokens.colorPaletteDarkOrangeForeground1 },
});

export interface ProfileCardProps {
  profile: ProfileView;
  keyStore: SessionStatus['keyStore'];
  onSwitched(status: SessionStatus): void;
  onChanged(): Promise<void>;
}

/** A profile card. */
export function ProfileCard({ profile: p, onSwitched, onChanged }: ProfileCardProps) {
  const styles = useStyles();
  const { client } = useSession();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [test, setTest] = useState<ConnectionTest | null>(null);
  const [dialog, setDialog] = useState<'rotate' | 'remove' | 'edit' | 'forget' | null>(null);
  const keyInput = useRef<HTMLInputElement>(null);

  const act = async (label: string, work: () => Promise<void>): Promise<boolean> => {
    setBusy(label);
    setError(null);
    try {
      await work();
      return true;
    } catch (e) {
      setError(e);
      return false;
    } finally {
      setBusy(null);
    }
  };

  // A refusal shown in a dialog goes with it: the card does not keep a stale error.
  const closeDialog = (): void => {
    setDialog(null);
    setError(null);
  };

  const key = p.key;
  const keyLine = key.masked ? `${key.masked}${key.ageDays !== undefined ? `, saved ${key.ageDays === 0 ? 'today' : `${key.ageDays} day${key.ageDays === 1 ? '' : 's'} ago`}` : ''}` : key.summary;

  return (
    <Card className={styles.card} aria-label={`Profile ${p.name}`} data-profile={p.name}>
      <CardHeader
        header={(
          <span className={styles.title}>
            <Text weight="semibold" size={400}>{p.name}</Text>
            {p.active ? <Badge color="success" appearance="filled" className={styles.badge}>In use</Badge> : null}
          </span>
        )}
        description={<Text size={200}>{p.embedded ? 'Built-in sandbox (demo key)' : p.kind === 'gateway' ? "Your team's gateway: the service key stays on the gateway" : 'Your service profile'}</Text>}
      />
      <dl className={styles.facts}>
        <dt className={styles.term}>{p.kind === 'gateway' ? 'Team gateway' : 'Service'}</dt><dd className={styles.value}>{p.baseURL}</dd>
        <dt className={styles.term}>Plan</dt><dd className={styles.value}>{p.plan}</dd>
        <dt className={styles.term}>Sent as</dt><dd className={styles.value}>{p.authMode === 'header' ? 'Authorization header' : 'api_key query parameter'}</dd>
        <dt className={styles.term}>{p.kind === 'gateway' ? 'Your token' : 'Key'}</dt>
        <dd className={styles.value} data-testid="masked-key">
          {keyLine}
          {key.needsRotation ? <span className={styles.warn}> · old: rotate it</span> : null}
        </dd>
      </dl>
      <div className={styles.actions}>
        {!p.active ? <Button size="small" appearance="primary" disabled={busy !== null} onClick={() => void act('switch', async () => { onSwitched(await client.profiles.switch(p.name)); await onChanged(); })}>Use this profile</Button> : null}
        <Button size="small" disabled={busy !== null} onClick={() => void act('test', async () => setTest(await client.profiles.testConnection(p.name)))}>{busy === 'test' ? 'Testing…' : 'Test connection'}</Button>
        {!p.embedded ? <Button size="small" icon={<Key20Regular />} disabled={busy !== null} onClick={() => setDialog('rotate')}>Rotate key</Button> : null}
        <Button size="small" disabled={busy !== null} onClick={() => setDialog('edit')}>Edit</Button>
        {key.source === 'keychain' ? <Button size="small" appearance="subtle" disabled={busy !== null} onClick={() => setDialog('forget')}>Forget key</Button> : null}
        {!p.embedded ? <Button size="small" appearance="subtle" disabled={busy !== null} onClick={() => setDialog('remove')}>Remove</Button> : null}
      </div>
      <div aria-live="polite">
        {test?.ok ? <Text className={styles.ok}><CheckmarkCircle16Filled />{`Connected in ${Math.round(test.elapsedMs)} ms: ${test.sources ?? 0} sources listed.`}</Text> : null}
        {test && !test.ok && test.error ? <AppError error={reviveError(test.error)} /> : null}
        {error && dialog === null ? <AppError error={error} /> : null}
      </div>
      <Dialog open={dialog === 'rotate'} onOpenChange={(_, d) => { if (!d.open) closeDialog(); }}>
        <DialogSurface>
          <form onSubmit={(e) => {
            e.preventDefault();
            const value = keyInput.current?.value.trim() ?? '';
            if (keyInput.current) keyInput.current.value = '';
            if (!value) return;
            void act('rotate', async () => { await client.profiles.rotateKey(p.name, value); await onChanged(); }).then((ok) => { if (ok) setDialog(null); });
          }}>
            <DialogBody>
              <DialogTitle>{`Rotate the key of ${p.name}`}</DialogTitle>
              <DialogContent>
                <Field label="New API key" required hint="Checked with one request; the old key is replaced only if the new one works.">
                  {/* A native input: Fluent's Input keeps its value in React state, and a key must not sit there. */}
                  {(fieldProps) => <input {...fieldProps} ref={keyInput} type="password" className={styles.keyInput} autoComplete="off" spellCheck={false} />}
                </Field>
                {error ? <AppError error={error} /> : null}
              </DialogContent>
              <DialogActions>
                <Button type="submit" appearance="primary" disabled={busy !== null}>{busy === 'rotate' ? 'Checking…' : 'Replace key'}</Button>
                <Button onClick={closeDialog}>Cancel</Button>
              </DialogActions>
            </DialogBody>
          </form>
        </DialogSurface>
      </Dialog>
      <Dialog open={dialog === 'remove'} onOpenChange={(_, d) => { if (!d.open) setDialog(null); }}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{`Remove ${p.name}?`}</DialogTitle>
            <DialogContent>The profile and its saved key are deleted from this computer. Saved exports stay.</DialogContent>
            <DialogActions>
              <Button appearance="primary" onClick={() => void act('remove', async () => { await client.profiles.remove(p.name); setDialog(null); await onChanged(); })}>Remove</Button>
              <Button onClick={() => setDialog(null)}>Cancel</Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
      <EditProfileDialog profile={p} open={dialog === 'edit'} onClose={() => setDialog(null)} onChanged={onChanged} />
      <Dialog open={dialog === 'forget'} onOpenChange={(_, d) => { if (!d.open) setDialog(null); }}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{`Forget the key of ${p.name}?`}</DialogTitle>
            <DialogContent>{p.name === 'sandbox' ? 'The key is deleted from the keychain; the sandbox profile goes back to its public demo key.' : 'The key is deleted from the keychain; the profile stays, and asks for a key before its next request.'}</DialogContent>
            <DialogActions>
              <Button appearance="primary" onClick={() => void act('forget', async () => { await client.profiles.forgetKey(p.name); setDialog(null); await onChanged(); })}>Forget key</Button>
              <Button onClick={() => setDialog(null)}>Cancel</Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </Card>
  );
}
