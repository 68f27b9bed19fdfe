/** The chosen items as removable tags, so a choice stays visible after the search moves on. */
import { makeStyles, Tag, TagGroup, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  tags: { flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
});

export interface SelectedTagsProps {
  /** `text` is shown; `name` is spoken ("Remove <name>"). */
  items: ReadonlyArray<{ value: string; text: string; name: string }>;
  onRemove(value: string): void;
  /** The group's accessible name, e.g. "Selected countries". */
  ariaLabel: string;
}

/** A wrapping row of dismissible Fluent tags; Enter, Delete or Backspace on a tag removes it. */
export function SelectedTags({ items, onRemove, ariaLabel }: SelectedTagsProps): ReactNode {
  const styles = useStyles();
  if (items.length === 0) return null;
  return (
    <TagGroup aria-label={ariaLabel} className={styles.tags} onDismiss={(_, d) => onRemove(String(d.value))}>
      {items.map((item) => <Tag key={item.value} value={item.value} size="small" dismissible aria-label={`Remove ${item.name}`}>{item.text}</Tag>)}
    </TagGroup>
  );
}
