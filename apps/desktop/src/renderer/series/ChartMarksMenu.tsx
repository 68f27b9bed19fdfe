/**
 * The chart's own choices beside "Show as": which lines are read on a right axis (offered in one
 * click when the lines have different units), and the shaded periods and event lines: world events
 * from a menu, or a period or a date of the user's with a label.
 */
import { useState } from 'react';
import {
  Button, Field, Input, makeStyles, Menu, MenuButton, MenuDivider, MenuGroup, MenuGroupHeader, MenuItem, MenuItemCheckbox, MenuList, MenuPopover, MenuTrigger, Radio, RadioGroup, tokens,
} from '@fluentui/react-components';
import type { ChartLine } from './chart-data.ts';
import { isMarkDate, lineKey, markSeconds, secondAxisOffer, type ChartMark } from './chart-figure.ts';
import { WORLD_EVENTS } from './chart-events.ts';
import { FormDialog } from '../app/FormDialog.tsx';

const useStyles = makeStyles({
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

export interface AxisChoiceProps {
  lines: readonly ChartLine[];
  right: ReadonlySet<string>;
  onChange(right: ReadonlySet<string>): void;
}

/** The right-axis offer (one click) and the per-line choice. */
export function AxisChoice({ lines, right, onChange }: AxisChoiceProps) {
  const styles = useStyles();
  const offer = secondAxisOffer(lines);
  const offeredUnits = [...new Set(lines.filter((l) => offer.includes(lineKey(l))).map((l) => l.unit ?? 'no unit'))].join(' / ');
  if (lines.length < 2) return null;
  return (
    <div className={styles.row}>
      {offer.length > 0 && right.size === 0 ? (
        <Button size="small" appearance="primary" onClick={() => onChange(new Set(offer))} data-testid="second-axis-offer">{`Put ${offeredUnits} on a right axis`}</Button>
      ) : null}
      <Menu
        checkedValues={{ right: [...right] }}
        onCheckedValueChange={(_, d) => onChange(new Set(d.checkedItems))}
      >
        <MenuTrigger disableButtonEnhancement>
          <MenuButton size="small">{right.size > 0 ? `Right axis: ${right.size}` : 'Axes'}</MenuButton>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            <MenuGroup>
              <MenuGroupHeader>Read on the right axis</MenuGroupHeader>
              {lines.map((l) => <MenuItemCheckbox key={lineKey(l)} name="right" value={lineKey(l)} secondaryContent={l.unit ?? ''}>{l.full}</MenuItemCheckbox>)}
            </MenuGroup>
          </MenuList>
        </MenuPopover>
      </Menu>
    </div>
  );
}

export interface MarksMenuProps {
  marks: readonly ChartMark[];
  onChange(marks: ChartMark[]): void;
}

/** A field's error state when there is a problem, else `otherwise`. */
const problemOr = (problem: string | undefined, otherwise: { hint?: string }): { validationState?: 'error'; validationMessage?: string; hint?: string } =>
  (problem === undefined ? otherwise : { validationState: 'error', validationMessage: problem });

const sameMark = (a: ChartMark, b: ChartMark): boolean => JSON.stringify(a) === JSON.stringify(b);

/** "Shade" menu: world events to tick, a period or an event line to add, one of the user's to remove. */
export function MarksMenu({ marks, onChange }: MarksMenuProps) {
  const [adding, setAdding] = useState<ChartMark['kind'] | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [label, setLabel] = useState('');
  const checked = WORLD_EVENTS.filter((e) => marks.some((m) => sameMark(m, e.mark))).map((e) => e.id);
  const own = marks.filter((m) => !WORLD_EVENTS.some((e) => sameMark(e.mark, m)));
  const dateProblem = (text: string): string | undefined => (text === '' || isMarkDate(text) ? undefined : 'A year (2008), a month (2008-09) or a day (2008-09-15).');
  const orderProblem = adding === 'range' && isMarkDate(from) && isMarkDate(to) && markSeconds(to, true) <= markSeconds(from) ? 'The end comes before the start.' : undefined;
  const ready = label.trim() !== '' && isMarkDate(from) && (adding === 'line' || (isMarkDate(to) && !orderProblem));
  const add = (): void => {
    if (!ready || !adding) return;
    onChange([...marks, adding === 'range' ? { kind: 'range', from, to, label: label.trim() } : { kind: 'line', at: from, label: label.trim() }]);
    setAdding(null);
  };
  const start = (kind: ChartMark['kind']): void => { setFrom(''); setTo(''); setLabel(''); setAdding(kind); };

  return (
    <>
      <Menu
        checkedValues={{ events: checked }}
        onCheckedValueChange={(_, d) => {
          const keep = marks.filter((m) => !WORLD_EVENTS.some((e) => sameMark(e.mark, m)));
          onChange([...WORLD_EVENTS.filter((e) => d.checkedItems.includes(e.id)).map((e) => e.mark), ...keep]);
        }}
      >
        <MenuTrigger disableButtonEnhancement>
          <MenuButton size="small">{marks.length > 0 ? `Shading: ${marks.length}` : 'Shade periods'}</MenuButton>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            <MenuGroup>
              <MenuGroupHeader>World events</MenuGroupHeader>
              {WORLD_EVENTS.map((e) => (
                <MenuItemCheckbox key={e.id} name="events" value={e.id} secondaryContent={`${e.mark.from} to ${e.mark.to}`} title={e.source}>{e.mark.label}</MenuItemCheckbox>
              ))}
            </MenuGroup>
            <MenuDivider />
            <MenuItem onClick={() => start('range')}>Add a shaded period…</MenuItem>
            <MenuItem onClick={() => start('line')}>Add an event line…</MenuItem>
            {own.length > 0 ? <MenuDivider /> : null}
            {own.map((m) => (
              <MenuItem key={JSON.stringify(m)} onClick={() => onChange(marks.filter((x) => !sameMark(x, m)))}>{`Remove "${m.label}"`}</MenuItem>
            ))}
          </MenuList>
        </MenuPopover>
      </Menu>
      <FormDialog
        open={adding !== null}
        title={adding === 'range' ? 'Add a shaded period' : 'Add an event line'}
        onClose={() => setAdding(null)}
        onSubmit={add}
        submitLabel="Add"
        submitDisabled={!ready}
      >
        <Field label="Label" required><Input value={label} onChange={(_, d) => setLabel(d.value)} /></Field>
        <Field label={adding === 'range' ? 'From' : 'Date'} required {...problemOr(dateProblem(from), { hint: 'A year (2008), a month (2008-09) or a day (2008-09-15).' })}>
          <Input value={from} onChange={(_, d) => setFrom(d.value.trim())} />
        </Field>
        {adding === 'range' ? (
          <Field label="To (included)" required {...problemOr(dateProblem(to) ?? orderProblem, {})}>
            <Input value={to} onChange={(_, d) => setTo(d.value.trim())} />
          </Field>
        ) : null}
        {adding ? <RadioGroup value={adding} layout="horizontal" onChange={(_, d) => setAdding(d.value as ChartMark['kind'])}><Radio value="range" label="Shaded period" /><Radio value="line" label="Event line" /></RadioGroup> : null}
      </FormDialog>
    </>
  );
}
