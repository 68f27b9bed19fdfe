/**
 * Connection: the profiles (service address, plan, key shown only masked with its age), which one is
 * in use, and what each can do: use it, test it, rotate its key, remove it; and a form to add one.
 * Keys go from the form straight to main, which checks them and writes them to the keychain.
 */
import { useCallback, useEffect, useState } from 'react';
import { Field, Input, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import type { NameLanguage } from '@econdata/core';
import { ConnectionForm, NameLanguageField } from '@econdata/ui';
import type { ProfileView } from '../../shared/contract.ts';
import { useSession } from '../app/session.tsx';
import { ProfileCard } from './ProfileCard.tsx';
import { AppError } from '../app/AppError.tsx';
import { nameProblem, PROFILE_NAME_FORM } from '@econdata/keychain/profile-name';

const useStyles = makeStyles({
  root: { display: 'grid', gridTemplateColumns: 'minmax(0, 1.2fr) minmax(320px, 1fr)', gap: tokens.spacingHorizontalXL, padding: tokens.spacingHorizontalL, alignItems: 'start' },
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  panel: { backgroundColor: tokens.colorNeutralBackground1, border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, padding: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  title: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  subtitle: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground3 },
});


/** The Connection view, with the explorer's display settings (the language of series names). */
export function ConnectionView({ nameLanguage, onNameLanguage }: { nameLanguage: NameLanguage; onNameLanguage(language: NameLanguage): Promise<void> }) {
  const styles = useStyles();
  const { client, status, setStatus, refresh } = useSession();
  const [profiles, setProfiles] = useState<ProfileView[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [displayError, setDisplayError] = useState<unknown>(null);

  const load = useCallback(async () => {
    try {
      setProfiles(await client.profiles.list());
      setError(null);
    } catch (e) {
      setError(e);
    }
  }, [client]);
  useEffect(() => { void load(); }, [load, status.profile.name]);

  const changed = async (): Promise<void> => {
    await Promise.all([load(), refresh()]);
  };

  return (
    <div className={styles.root}>
      <div className={styles.column}>
        <h1 className={styles.title}>Connection</h1>
        <Text className={styles.muted}>{status.notice}</Text>
        {error ? <AppError error={error} onRetry={() => void load()} /> : null}
        {profiles === null && !error ? <Spinner label="Reading profiles…" /> : null}
        {profiles && [...profiles].sort((a, b) => Number(b.active) - Number(a.active)).map((p) => (
          <ProfileCard
            key={p.name}
            profile={p}
            keyStore={status.keyStore}
            onSwitched={setStatus}
            onChanged={changed}
          />
        ))}
      </div>
      <div className={styles.column}>
        <section className={styles.panel} aria-labelledby="display-title">
          <h2 id="display-title" className={styles.subtitle}>Display</h2>
          <NameLanguageField value={nameLanguage} onChange={(language) => { setDisplayError(null); onNameLanguage(language).catch(setDisplayError); }} />
          {displayError ? <AppError error={displayError} /> : null}
        </section>
        <section className={styles.panel} aria-labelledby="add-profile-title">
          <h2 id="add-profile-title" className={styles.subtitle}>Add a profile</h2>
          <Text size={200} className={styles.muted}>
            {`The key is checked with one request, then written to ${status.keyStore === 'os-keychain' ? 'the operating system keychain' : status.keyStore === 'memory' ? 'memory for this run' : 'the environment'} by the app's main process. This page never sees it again: only its last characters and age.`}
          </Text>
          <Field label="Profile name" required hint="e.g. work, or pro-account" {...(nameError ? { validationMessage: nameError, validationState: 'error' as const } : {})}>
            <Input value={name} onChange={(_, d) => setName(d.value)} />
          </Field>
          <ConnectionForm
            onSave={async (settings, key) => {
              const trimmed = name.trim();
              if (nameProblem(trimmed) !== undefined) {
                const problem = `Profile name: use ${PROFILE_NAME_FORM}.`;
                setNameError(problem);
                throw new Error(problem);
              }
              setNameError(null);
              await client.profiles.create({ name: trimmed, baseURL: settings.baseURL, plan: settings.plan, ...(settings.kind ? { kind: settings.kind } : {}), ...(key === undefined ? {} : { key }), activate: true });
              setName('');
              await changed();
            }}
          />
        </section>
      </div>
    </div>
  );
}
