/**
 * A scrolling list of checkboxes, the selection control the indicator and country pickers share:
 * native checkboxes (Space toggles, screen readers announce state), Up/Down arrows move between rows,
 * Home/End jump to the ends. The list is one Tab stop (a roving tabindex): Tab leaves it instead of
 * walking through hundreds of countries.
 */
import { Checkbox, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { econTokens } from '../theme/EconThemeProvider.tsx';

/** One row of a CheckList. */
export interface CheckListItem {
  value: string;
  /** The main line (also the checkbox's accessible name). */
  label: string;
  /** A secondary line: unit, frequency, coverage, region. */
  description?: string;
}

const useStyles = makeStyles({
  list: {
    maxHeight: econTokens.listMaxHeight, overflowY: 'auto', border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium, padding: `${tokens.spacingVerticalXS} 0`, margin: 0, listStyleType: 'none',
    backgroundColor: tokens.colorNeutralBackground1,
    // Rows never widen the list: a GSO code of a hundred characters without a space breaks anywhere.
    overflowX: 'hidden', minWidth: 0,
    '& .fui-Checkbox': { minWidth: 0, maxWidth: '100%' },
    '& .fui-Checkbox__label': { minWidth: 0, overflowWrap: 'anywhere' },
  },
  row: { display: 'flex', flexDirection: 'column', padding: `0 ${tokens.spacingHorizontalS}`, ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover } },
  checked: { backgroundColor: tokens.colorBrandBackground2 },
  description: { overflowWrap: 'anywhere', color: tokens.colorNeutralForeground3, paddingLeft: '36px', paddingBottom: tokens.spacingVerticalXS, marginTop: '-6px' },
});

export interface CheckListProps {
  items: readonly CheckListItem[];
  selected: readonly string[];
  onToggle(value: string, checked: boolean): void;
  /** The list's accessible name, e.g. "Indicators of World Bank". */
  ariaLabel: string;
  /** An id prefix for the rows' descriptions. */
  idPrefix: string;
  className?: string;
}

/** Checkbox rows with arrow-key movement between them. */
export function CheckList({ items, selected, onToggle, ariaLabel, idPrefix, className }: CheckListProps): ReactNode {
  const styles = useStyles();
  const listRef = useRef<HTMLUListElement>(null);
  const chosen = new Set(selected);
  const [focused, setFocused] = useState<string | null>(null);
  // The one row Tab lands on: the last one focused while it is still listed, else the first chosen, else the first.
  const tabStop = items.some((i) => i.value === focused) ? focused : (items.find((i) => chosen.has(i.value)) ?? items[0])?.value;

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>): void => {
    const boxes = [...(listRef.current?.querySelectorAll<HTMLInputElement>('input[type="checkbox"]') ?? [])];
    const at = boxes.indexOf(event.target as HTMLInputElement);
    if (at < 0) return;
    const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: boxes.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    boxes[Math.max(0, Math.min(boxes.length - 1, to))]?.focus();
  };

  return (
    <ul ref={listRef} className={mergeClasses(styles.list, className)} aria-label={ariaLabel} onKeyDown={onKeyDown}>
      {items.map((item) => {
        const descId = `${idPrefix}-${item.value}-desc`;
        const isChecked = chosen.has(item.value);
        return (
          <li key={item.value} className={mergeClasses(styles.row, isChecked && styles.checked)}>
            <Checkbox
              checked={isChecked}
              label={item.label}
              value={item.value}
              onChange={(_, data) => onToggle(item.value, data.checked === true)}
              onFocus={() => setFocused(item.value)}
              tabIndex={item.value === tabStop ? 0 : -1}
              {...(item.description ? { 'aria-describedby': descId } : {})}
            />
            {item.description ? <Text id={descId} size={200} className={styles.description}>{item.description}</Text> : null}
          </li>
        );
      })}
    </ul>
  );
}

/** Focuses the first checkbox of the CheckList inside `root` (ArrowDown from a search box). */
export function focusFirstCheckbox(root: HTMLElement | null): void {
  root?.querySelector<HTMLInputElement>('input[type="checkbox"]')?.focus();
}
