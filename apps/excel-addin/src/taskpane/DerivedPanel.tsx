/**
 * Derived series in the taskpane: @econdata/ui's DerivedFields (the presets and a formula over
 * several series), written at the selection as an =ECON.DERIVED formula. The formula recalculates
 * through the shared runtime like every ECON function: all its operands in the recalculation's one
 * batched job, cached, last good values when offline; it is saved with the workbook and refreshed
 * with it.
 */
import type { DerivedRequest } from '@econdata/analysis';
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { DerivedFields, useDescribeContext } from '@econdata/ui';
import { useState, type ReactNode } from 'react';
import type { ExcelHost } from '../office/excel-api.ts';
import { derivedFormulaText, writeFormulas } from '../office/insert-formula.ts';
import { errorSentence } from './messages.ts';
import { NoticeBar, type Notice } from './NoticeBar.tsx';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  hint: { color: tokens.colorNeutralForeground3 },
});

/** The derived-series builder writing =ECON.DERIVED at the selection. */
export function DerivedPanel({ excel }: { excel: ExcelHost }): ReactNode {
  const styles = useStyles();
  const describe = useDescribeContext();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);

  const insert = async (request: DerivedRequest): Promise<void> => {
    setBusy(true);
    setNotice(null);
    try {
      const { formulas, address } = await writeFormulas(excel, [derivedFormulaText(request)]);
      setNotice({ intent: 'success', text: `Wrote ${formulas[0]!} at ${address}. Excel fills the cells when the ECON functions calculate.` });
    } catch (error) {
      setNotice({ intent: 'error', text: errorSentence(error, describe) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.root}>
      <Text size={200} className={styles.hint}>
        Select a cell, then pick a preset over series a or write a formula over several series: an =ECON.DERIVED formula spills the result and recalculates with the workbook.
      </Text>
      <DerivedFields onSubmit={(r) => void insert(r)} submitLabel="Insert as formula" busy={busy} />
      <NoticeBar notice={notice} />
    </div>
  );
}
