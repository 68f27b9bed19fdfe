/** The chosen items as removable tags, so a choice stays visible after the search moves on. */
import { makeStyles, Tag, TagGroup, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  tags: { flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, minWidth: 0, maxWidth: '100%' },
  // A GSO code can be a hundred characters without a space: the tag takes the row at most and
  // cuts the code with an ellipsis (the whole code on hover), so the panel never scrolls sideways.
  tag: { maxWidth: '100%', minWidth: 0 },
  text: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 },
});

export interface SelectedTagsProps {
  /** `text` is shown; the button is spoken as "Remove <text>" (WCAG 2.5.3: the name holds the visible text), with `name` after it when it differs. */
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
      {items.map((item) => (
        <Tag key={item.value} value={item.value} size="small" dismissible aria-label={tagLabel(item)} title={item.text} className={styles.tag} primaryText={{ className: styles.text }}>
          {item.text}
        </Tag>
      ))}
    </TagGroup>
  );
}

/** "Remove VN (Viet Nam)": the visible text first, so speech users can say what they see. */
function tagLabel(item: { text: string; name: string }): string {
  return item.name === item.text ? `Remove ${item.text}` : `Remove ${item.text} (${item.name})`;
}
