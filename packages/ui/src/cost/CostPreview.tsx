/** The cost of a job in requests against the quota left, with Confirm and Cancel. */
import type { Estimate } from '@econdata/core';
import { Button, makeStyles, MessageBar, MessageBarBody, Text, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { costWords } from './cost-text.ts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

export interface CostPreviewProps {
  estimate: Estimate;
  onConfirm(): void;
  onCancel(): void;
  /** The confirm button's text (default "Fetch"). */
  confirmLabel?: string;
}

/** "This needs 5 requests; 92 left today." with a warning when it does not fit. */
export function CostPreview({ estimate, onConfirm, onCancel, confirmLabel = 'Fetch' }: CostPreviewProps): ReactNode {
  const styles = useStyles();
  const words = costWords(estimate);
  return (
    <section className={styles.root} aria-label="Cost preview">
      <Text role="status">{words.summary}</Text>
      {words.warning ? (
        <MessageBar intent={words.fitsToday ? 'warning' : 'error'}>
          <MessageBarBody>{words.warning}</MessageBarBody>
        </MessageBar>
      ) : null}
      <div className={styles.actions}>
        <Button appearance="primary" onClick={onConfirm} disabled={!words.fitsToday}>{confirmLabel}</Button>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </section>
  );
}
