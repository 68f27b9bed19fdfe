/**
 * Connect: which service the taskpane talks to, said plainly, and @econdata/ui's ConnectionForm
 * over the runtime's connect / testConnection. The key goes from the form's field straight to the
 * runtime (the add-in's own storage); it is never kept in React state or shown again.
 */
import { InvalidParameterError } from '@econdata/core';
import { Button, MessageBar, MessageBarBody, MessageBarTitle, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { ConnectionForm, type ConnectionSettings } from '@econdata/ui';
import { useEffect, useState, type ReactNode } from 'react';
import type { AddinRuntime } from '../runtime/index.ts';
import type { ConnectionOutcome } from '../runtime/index.ts';
import { serviceText, useRuntimeStatus } from './use-runtime.ts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

export interface ConnectPanelProps {
  runtime: AddinRuntime;
}

/** A failed outcome as an error the form can show (the runtime's sentence already says what to do). */
function failure(outcome: Extract<ConnectionOutcome, { ok: false }>): InvalidParameterError {
  return new InvalidParameterError('connection', /[.!?]$/.test(outcome.message) ? outcome.message : `${outcome.message}.`);
}

/** The connection panel. */
export function ConnectPanel({ runtime }: ConnectPanelProps): ReactNode {
  const styles = useStyles();
  const status = useRuntimeStatus(runtime);
  const [initial, setInitial] = useState<ConnectionSettings | null>(null);

  useEffect(() => {
    let live = true;
    // The plan is learned from the service unless the user chose one (the service said nothing).
    void runtime.savedSettings().then((s) => live && setInitial({ baseURL: s.baseURL, plan: s.plan, detectPlan: s.planSource !== 'user', ...(s.kind ? { kind: s.kind } : {}) }));
    return () => {
      live = false;
    };
  }, [runtime]);

  const connect = async (settings: ConnectionSettings, key: string | undefined): Promise<string> => {
    if (key === undefined) {
      if (!status.connected || settings.baseURL !== status.baseURL) {
        throw new InvalidParameterError('apiKey', 'Paste the API key to connect with these settings: the add-in never shows a saved key, so a new address needs it again.');
      }
      // A plan chosen by hand (the service does not state it) needs no key and no request.
      if (!settings.detectPlan && (settings.plan !== status.plan || status.planSource !== 'user')) {
        await runtime.choosePlan(settings.plan);
        return `Plan set to ${settings.plan}: requests are paced for it.`;
      }
      const outcome = await runtime.testConnection();
      if (!outcome.ok) throw failure(outcome);
      return outcome.message;
    }
    const { detectPlan, ...chosen } = settings;
    const outcome = await runtime.connect(detectPlan ? chosen : { ...chosen, planSource: 'user' }, key);
    if (!outcome.ok && !runtime.status.connected) throw failure(outcome);
    return outcome.message;
  };

  const last = status.lastTest;
  return (
    <div className={styles.root}>
      <MessageBar intent={status.connected ? (status.service === 'sandbox' ? 'info' : 'success') : 'warning'} role="status">
        <MessageBarBody>
          <MessageBarTitle>{status.connected ? 'Connected' : 'Not connected'}</MessageBarTitle>
          {serviceText(status)}
        </MessageBarBody>
      </MessageBar>
      {status.problem ? (
        <MessageBar intent="error"><MessageBarBody>{status.problem}</MessageBarBody></MessageBar>
      ) : null}
      {status.connected && status.planSource === null ? (
        <MessageBar intent="warning" layout="multiline" data-testid="plan-question">
          <MessageBarBody>
            <MessageBarTitle>Which plan is this key on?</MessageBarTitle>
            The service did not say (it sends no rate-limit headers), so requests are paced for the Free plan: 10 a minute, 100 a day. Choose your plan under Plan and Save; you will not be asked again.
          </MessageBarBody>
        </MessageBar>
      ) : null}
      {last && !last.ok && status.connected ? (
        <MessageBar intent="warning"><MessageBarBody>{last.message}</MessageBarBody></MessageBar>
      ) : null}
      {initial ? (
        <ConnectionForm
          initial={initial}
          savedKey={status.connected ? { hint: '' } : null}
          detectPlan={{ detectedPlan: status.planSource === 'service' ? status.plan : null }}
          onSave={async (settings, key) => {
            await connect(settings, key);
          }}
          onTest={(settings, key) => connect(settings, key)}
        />
      ) : (
        <Spinner size="small" label="Reading the saved connection…" />
      )}
      {status.connected ? (
        <div>
          <Button onClick={() => void runtime.disconnect()}>Disconnect and forget the key</Button>
        </div>
      ) : null}
    </div>
  );
}
