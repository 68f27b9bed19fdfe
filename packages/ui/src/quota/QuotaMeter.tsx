/** Requests left this minute and today, when they come back, and what is queued. */
import type { QuotaStatus, QuotaWindowStatus } from '@econdata/core';
import { Badge, makeStyles, mergeClasses, ProgressBar, Text, tokens, Tooltip } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useQuotaOf } from '../data/hooks.ts';
import { useConnectionState, useDescribeContext, useOptionalEconData } from '../data/provider.tsx';
import { compactText, fractionLeft, notAnsweringText, queueText, resetText, windowText } from './quota-text.ts';

const useStyles = makeStyles({
  full: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  windows: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))', gap: tokens.spacingHorizontalL },
  // One line whatever the width (a taskpane is 320 px): text that does not fit ends in an ellipsis,
  // the tooltip has it all, and nothing below moves when the queue comes and goes.
  compact: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0, maxWidth: '100%' },
  dot: { flexShrink: 0 },
  line: { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0, flexShrink: 1 },
  queueLine: { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0, flexShrink: 4 },
  muted: { color: tokens.colorNeutralForeground3 },
  window: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: 0 },
  windowHead: { display: 'flex', justifyContent: 'space-between', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

export interface QuotaMeterProps {
  /** The status to show; by default the provider's live status (useQuota). */
  status?: QuotaStatus;
  /** compact: one line for a toolbar; full: both windows with bars and reset times (default). */
  variant?: 'compact' | 'full';
  /** Time zone for reset times (default the provider's, else the runtime's). */
  timeZone?: string;
}

function colorOf(w: QuotaWindowStatus): 'success' | 'warning' | 'error' {
  const f = fractionLeft(w);
  return f === 0 ? 'error' : f < 0.2 ? 'warning' : 'success';
}

function WindowMeter({ w, span, timeZone, moot = false }: { w: QuotaWindowStatus; span: 'minute' | 'day'; timeZone: string | undefined; moot?: boolean }): ReactNode {
  const styles = useStyles();
  const reset = resetText(w, timeZone);
  const label = span === 'minute' ? 'This minute' : 'Today';
  const text = windowText(w, span);
  return (
    <div className={styles.window}>
      <div className={styles.windowHead}>
        <Text weight="semibold" size={200}>{label}</Text>
        <Text size={200}>{text}</Text>
      </div>
      {/* When the day is spent the minute's room cannot be used: drawn empty, not green. */}
      <ProgressBar value={moot ? 0 : fractionLeft(w)} max={1} thickness="large" color={moot ? 'error' : colorOf(w)} aria-label={`${label}: ${moot ? 'unusable until the daily reset' : text}`} />
      {moot ? <Text size={200} className={styles.muted}>Unusable until the daily reset</Text> : null}
      {reset && !moot ? <Text size={200} className={styles.muted}>{reset}</Text> : null}
    </div>
  );
}

/** The quota meter: compact (one line) or full (both windows, reset times, queue). */
export function QuotaMeter({ status, variant = 'full', timeZone }: QuotaMeterProps): ReactNode {
  const styles = useStyles();
  const api = useOptionalEconData();
  const live = useQuotaOf(status ? undefined : api);
  const fromProvider = useDescribeContext().timeZone;
  const zone = timeZone ?? fromProvider;
  const s = status ?? live;
  const connection = useConnectionState();
  // A quota left says nothing when no request gets through: the compact line says that instead.
  if (variant === 'compact' && connection.status === 'not_answering') {
    const words = notAnsweringText(connection.who, connection.at, zone, connection.checked);
    return (
      <Tooltip content={words.detail} relationship="description">
        <span className={styles.compact} role="status" tabIndex={0} data-testid="connection-state" data-state="not_answering">
          <Badge className={styles.dot} appearance="filled" color="danger" size="small" aria-hidden />
          <Text size={200} weight="semibold" className={styles.line}>{words.label}</Text>
        </span>
      </Tooltip>
    );
  }
  if (!s) return <Text className={styles.muted} role="status" data-testid="connection-state" data-state={connection.status}>Quota: not tracked for this connection</Text>;
  const queue = queueText(s);
  const unlimited = s.minute.limit === null && s.day.limit === null;

  if (variant === 'compact') {
    const worst = s.exhausted ? 'error' : colorOf(s.minute) === 'success' ? colorOf(s.day) : colorOf(s.minute);
    const detail = [windowText(s.minute, 'minute'), windowText(s.day, 'day'), resetText(s.day, zone), queue].filter(Boolean).join('. ');
    return (
      <Tooltip content={detail} relationship="description">
        <span className={styles.compact} role="status" tabIndex={0} data-testid="connection-state" data-state={connection.status}>
          <Badge className={styles.dot} appearance="filled" color={unlimited ? 'brand' : worst === 'error' ? 'danger' : worst} size="small" aria-hidden />
          <Text size={200} className={styles.line}>{compactText(s)}</Text>
          {queue ? <Text size={200} className={mergeClasses(styles.muted, styles.queueLine)}>{`· ${queue}`}</Text> : null}
        </span>
      </Tooltip>
    );
  }

  return (
    <section className={styles.full} aria-label="Quota">
      <div className={styles.header}>
        <Text weight="semibold">{`${s.plan} plan`}</Text>
        {unlimited ? <Badge appearance="tint" color="brand">Unlimited</Badge> : null}
        {s.exhausted ? <Badge appearance="filled" color="danger">Daily limit reached</Badge> : null}
      </div>
      {unlimited ? <Text role="status">No request limits on the Enterprise plan.</Text> : (
        <div className={styles.windows}>
          <WindowMeter w={s.minute} span="minute" timeZone={zone} moot={s.exhausted} />
          <WindowMeter w={s.day} span="day" timeZone={zone} />
        </div>
      )}
      <Text size={200} className={styles.muted} role="status">{queue ?? (s.inFlight > 0 ? `${s.inFlight} in flight, none queued` : 'No requests queued')}</Text>
    </section>
  );
}
