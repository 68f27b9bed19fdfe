/** A quiet placeholder for "nothing here yet": a title, a line of guidance, an optional action. */
import { makeStyles, Text, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: tokens.spacingVerticalS, padding: tokens.spacingVerticalXL, color: tokens.colorNeutralForeground2 },
  icon: { fontSize: '32px', color: tokens.colorNeutralForeground3 },
});

export interface EmptyStateProps {
  title: string;
  /** What to do to fill it. */
  description?: ReactNode;
  icon?: ReactNode;
  /** A button or link. */
  action?: ReactNode;
}

/** Says a list or view is empty and what would fill it. */
export function EmptyState({ title, description, icon, action }: EmptyStateProps): ReactNode {
  const styles = useStyles();
  return (
    <div className={styles.root} role="status">
      {icon ? <span className={styles.icon} aria-hidden>{icon}</span> : null}
      <Text weight="semibold" size={400}>{title}</Text>
      {description ? <Text>{description}</Text> : null}
      {action}
    </div>
  );
}
