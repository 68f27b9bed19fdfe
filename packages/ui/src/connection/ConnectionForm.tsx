/**
 * What it connects to (the service, or a team gateway), base URL, plan and API key (or personal token), with Test connection and Save. The key field is uncontrolled: it is
 * read once when a button is pressed, handed to the callback, and cleared; it never sits in React
 * state, where dev tools and re-renders could expose it.
 */
import type { PlanName } from '@econdata/core';
import { Button, Field, Input, makeStyles, Select, Spinner, Text, tokens } from '@fluentui/react-components';
import { EyeOffRegular, EyeRegular } from '@fluentui/react-icons';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useDescribeContext } from '../data/provider.tsx';
import { describeError } from '../errors/describe-error.ts';
import { formatAge } from '../format/time.ts';
import { baseURLMessage, keyOrigin, normalizedBaseURL, type ConnectionSettings, type SavedKeyInfo } from './settings.ts';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '560px' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', alignItems: 'center' },
  ok: { color: tokens.colorPaletteGreenForeground1 },
  bad: { color: tokens.colorPaletteRedForeground1 },
  // Drawn like Fluent's Input (border, rounded corners, brand underline on focus).
  keyBox: {
    display: 'flex', alignItems: 'center', minHeight: '32px', boxSizing: 'border-box', paddingLeft: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground1, border: `1px solid ${tokens.colorNeutralStroke1}`, borderBottomColor: tokens.colorNeutralStrokeAccessible,
    borderRadius: tokens.borderRadiusMedium, ':focus-within': { borderBottomColor: tokens.colorCompoundBrandStroke, outline: `1px solid ${tokens.colorCompoundBrandStroke}`, outlineOffset: '-1px' },
  },
  keyInput: {
    flexGrow: 1, minWidth: 0, border: 'none', outline: 'none', backgroundColor: 'transparent', color: tokens.colorNeutralForeground1,
    fontFamily: tokens.fontFamilyBase, fontSize: tokens.fontSizeBase300, lineHeight: tokens.lineHeightBase300, padding: `${tokens.spacingVerticalXS} 0`,
  },
});

export interface ConnectionFormProps {
  initial?: Partial<ConnectionSettings>;
  /**
   * The key already stored (by its last characters), or null/undefined when none. It belongs to the
   * origin of `initial.baseURL`: once the address names another scheme, host or port, the form asks
   * for a key again (the saved one is never sent to another address).
   */
  savedKey?: SavedKeyInfo | null;
  /** Stores the settings; `key` is undefined when the user kept the saved key. Throw to report failure. */
  onSave(settings: ConnectionSettings, key: string | undefined): Promise<void> | void;
  /** Tries the connection; resolves with an optional success line, throws (EconError or its JSON) on failure. */
  onTest?(settings: ConnectionSettings, key: string | undefined): Promise<string | void> | string | void;
  /** "Now" for the key's age (tests). */
  now?: Date;
  /**
   * Offer "From the service" as the plan: learned from the service's rate-limit headers when it
   * sends them (the add-in). `detectedPlan` names what was learned, for the choice's label.
   */
  detectPlan?: { detectedPlan?: PlanName | null };
}

const PLAN_LABELS: Record<PlanName, string> = {
  free: 'Free (10 a minute, 100 a day)',
  basic: 'Basic (60 a minute, 1,000 a day)',
  pro: 'Pro (300 a minute, 10,000 a day)',
  enterprise: 'Enterprise (unlimited)',
};

type Outcome = { kind: 'ok' | 'error'; text: string } | { kind: 'busy'; text: string } | null;

/** The connection settings form. */
export function ConnectionForm({ initial = {}, savedKey, onSave, onTest, now, detectPlan }: ConnectionFormProps): ReactNode {
  const styles = useStyles();
  const describeCtx = useDescribeContext();
  const [baseURL, setBaseURL] = useState(initial.baseURL ?? '');
  const [plan, setPlan] = useState<PlanName>(initial.plan ?? 'free');
  const [gateway, setGateway] = useState<boolean>(initial.kind === 'gateway');
  const [detect, setDetect] = useState<boolean>(detectPlan !== undefined && (initial.detectPlan ?? true));
  const [showKey, setShowKey] = useState(false);
  const [urlError, setUrlError] = useState<string | null>(null);
  const [keyError, setKeyError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const keyRef = useRef<HTMLInputElement>(null);

  /** Reads and clears the key field: the key lives only in this call. */
  const takeKey = (): string | undefined => {
    const input = keyRef.current;
    const key = input?.value.trim() ?? '';
    return key === '' ? undefined : key;
  };
  const clearKey = (): void => { if (keyRef.current) keyRef.current.value = ''; };

  // The saved key counts only while the address stays on its origin.
  const savedOrigin = initial.baseURL === undefined ? null : keyOrigin(initial.baseURL);
  const moved = savedKey ? savedOrigin !== null && keyOrigin(baseURL) !== null && keyOrigin(baseURL) !== savedOrigin : false;
  const keptKey = moved ? null : savedKey;
  const what = gateway ? 'token' : 'key';

  const validate = (key: string | undefined): ConnectionSettings | null => {
    const urlProblem = baseURLMessage(baseURL);
    setUrlError(urlProblem);
    const keyProblem = key !== undefined || keptKey
      ? null
      : moved
        ? `${gateway ? 'Personal token' : 'API key'}: a new address needs its own ${what}.`
        : gateway ? 'Personal token: paste the token your gateway\'s administrator gave you (no token is saved yet).' : 'API key: paste the key from your account page (no key is saved yet).';
    setKeyError(keyProblem);
    const normalized = normalizedBaseURL(baseURL);
    if (urlProblem || keyProblem || normalized === null) return null;
    return { baseURL: normalized, plan, ...(detectPlan && detect ? { detectPlan: true } : {}), ...(gateway ? { kind: 'gateway' as const } : {}) };
  };

  const run = async (action: 'test' | 'save'): Promise<void> => {
    const key = takeKey();
    const settings = validate(key);
    if (!settings) return;
    setOutcome({ kind: 'busy', text: action === 'test' ? 'Testing the connection…' : 'Saving…' });
    try {
      if (action === 'test') {
        const line = await onTest?.(settings, key);
        setOutcome({ kind: 'ok', text: typeof line === 'string' ? line : `Connected to ${settings.baseURL}.` });
      } else {
        await onSave(settings, key);
        clearKey();
        setOutcome({ kind: 'ok', text: key ? 'Saved. The key is stored securely and no longer shown.' : 'Saved.' });
      }
    } catch (error: unknown) {
      setOutcome({ kind: 'error', text: describeError(error, { ...describeCtx, baseURL: settings.baseURL }).text });
    }
  };

  const submit = (event: FormEvent): void => { event.preventDefault(); void run('save'); };
  const ageText = savedKey?.savedAt ? formatAge(new Date(savedKey.savedAt), now ?? new Date()) : null;
  const age = ageText === null ? '' : ageText === 'just now' ? ', saved just now' : `, saved ${ageText} ago`;

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Connection">
      <Field label="Connects to" hint={gateway ? 'Your team\'s gateway: it holds the team\'s key and shares one cache and one quota; you use a personal token.' : 'The Economic Data Service itself, with your own API key.'}>
        <Select value={gateway ? 'gateway' : 'service'} onChange={(_, d) => setGateway(d.value === 'gateway')}>
          <option value="service">Economic Data Service</option>
          <option value="gateway">Team gateway</option>
        </Select>
      </Field>
      <Field label={gateway ? 'Gateway URL' : 'Service URL'} required hint={gateway ? 'The address your gateway\'s administrator gave you, e.g. https://gateway.example.org (http only for localhost)' : 'e.g. https://api.econdata.example/api/v1 (http only for localhost)'} {...(urlError ? { validationMessage: urlError, validationState: 'error' as const } : {})}>
        <Input type="url" value={baseURL} onChange={(_, d) => setBaseURL(d.value)} autoComplete="url" />
      </Field>
      <Field label="Plan" hint={gateway ? 'The team\'s plan; the gateway\'s answers tell your share of it.' : detectPlan ? 'Sets how fast requests are sent. "From the service" reads it from the service\'s rate-limit headers.' : 'Sets the request limits the quota meter tracks'}>
        <Select
          value={detectPlan && detect ? 'detect' : plan}
          onChange={(_, d) => {
            if (d.value === 'detect') return setDetect(true);
            setDetect(false);
            setPlan(d.value as PlanName);
          }}
        >
          {detectPlan ? (
            // Short: a select is as wide as its longest option, and the taskpane is 320 px wide.
            <option value="detect">{detectPlan.detectedPlan ? `From the service: ${PLAN_LABELS[detectPlan.detectedPlan].replace(/ \(.*$/, '')}` : 'From the service (when connecting)'}</option>
          ) : null}
          {(Object.keys(PLAN_LABELS) as PlanName[]).map((p) => <option key={p} value={p}>{PLAN_LABELS[p]}</option>)}
        </Select>
      </Field>
      <Field
        label={gateway ? (keptKey ? 'New personal token (optional)' : 'Personal token') : keptKey ? 'New API key (optional)' : 'API key'}
        hint={keptKey
          ? `${keptKey.hint ? `Saved ${what} ••••${keptKey.hint}` : `A ${what} is saved`}${age}. Leave empty to keep it.`
          : moved
            ? `The saved ${what} is only ever sent to ${savedOrigin ?? 'its own address'}: paste the ${what} for this new address (it replaces the saved one).`
            : gateway ? 'From your gateway\'s administrator. Stored securely; never written to a document.' : 'Stored securely; never written to a document.'}
        {...(keyError ? { validationMessage: keyError, validationState: 'error' as const } : {})}
      >
        {(fieldProps) => (
          <span className={styles.keyBox}>
            {/* A native input, not Fluent's Input: Fluent's keeps its value in React state, and the key must not live there. */}
            <input {...fieldProps} ref={keyRef} className={styles.keyInput} type={showKey ? 'text' : 'password'} autoComplete="off" spellCheck={false} />
            <Button
              appearance="transparent"
              size="small"
              icon={showKey ? <EyeOffRegular /> : <EyeRegular />}
              aria-label={showKey ? 'Hide key' : 'Show key'}
              aria-pressed={showKey}
              onClick={() => setShowKey((v) => !v)}
            />
          </span>
        )}
      </Field>
      <div className={styles.actions}>
        {onTest ? <Button onClick={() => void run('test')} disabled={outcome?.kind === 'busy'}>Test connection</Button> : null}
        <Button type="submit" appearance="primary" disabled={outcome?.kind === 'busy'}>Save</Button>
      </div>
      <div aria-live="polite" role="status">
        {outcome?.kind === 'busy' ? <Spinner size="tiny" label={outcome.text} /> : null}
        {outcome && outcome.kind !== 'busy' ? <Text className={outcome.kind === 'ok' ? styles.ok : styles.bad}>{outcome.text}</Text> : null}
      </div>
    </form>
  );
}
