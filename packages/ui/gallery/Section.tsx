/** One gallery card: a heading and the component under review. */
import { makeStyles, Text, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  card: {
    backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusLarge, boxShadow: tokens.shadow4,
    padding: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0,
  },
  heading: { margin: 0 },
});

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }): ReactNode {
  const styles = useStyles();
  return (
    <section className={styles.card} id={id} aria-labelledby={`${id}-title`}>
      <Text as="h2" size={500} weight="semibold" id={`${id}-title`} className={styles.heading}>{title}</Text>
      {children}
    </section>
  );
}
