/**
 * The layout options of an insert, compactly: periods down or across, oldest or newest first, the
 * header row and the dates shown or not. They become sheets' layout text (`Dir=H Sort=D`), the same
 * text a formula's options argument takes, so a block and a formula are arranged by one rule.
 */
import type { Arrangement } from '@econdata/sheets';
import { Checkbox, Field, Select, makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: tokens.spacingHorizontalS, rowGap: tokens.spacingVerticalXS },
  select: { minWidth: '0', width: '8.5em' },
});

export interface LayoutFieldsProps {
  value: Arrangement;
  onChange(value: Arrangement): void;
  /** A block is an Excel table: its header row (and with periods across, the period row heading it) stays. */
  table: boolean;
}

/** Periods down/across, oldest/newest first, header row, dates. */
export function LayoutFields({ value, onChange, table }: LayoutFieldsProps): ReactNode {
  const styles = useStyles();
  const set = (patch: Partial<Arrangement>): void => onChange({ ...value, ...patch });
  return (
    <Field label="Layout">
      <div className={styles.row}>
        <Select className={styles.select} aria-label="Periods down or across" value={value.dir} onChange={(_, d) => set({ dir: d.value as Arrangement['dir'] })}>
          <option value="V">Periods down</option>
          <option value="H">Periods across</option>
        </Select>
        <Select className={styles.select} aria-label="Order of periods" value={value.sort} onChange={(_, d) => set({ sort: d.value as Arrangement['sort'] })}>
          <option value="A">Oldest first</option>
          <option value="D">Newest first</option>
        </Select>
        {/* A block's table keeps the row heading it: the header row, and with periods across the period row. */}
        {table ? null : <Checkbox label="Header" checked={value.header} onChange={(_, d) => set({ header: d.checked === true })} />}
        {table && value.dir === 'H' ? null : <Checkbox label="Dates" checked={value.dates} onChange={(_, d) => set({ dates: d.checked === true })} />}
      </div>
    </Field>
  );
}
