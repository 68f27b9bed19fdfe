/**
 * Derived series in the taskpane: @econdata/ui's DerivedFields (the presets and a formula over
 * several series), inserted at the selection either as values (a formatted block like the Data
 * tab's: its recipe kept in the block's binding, listed in Blocks and computed again by Refresh) or
 * as an =ECON.DERIVED formula, which recalculates through the shared runtime like every ECON
 * function. A cell cannot say that a sum of dollars and persons means nothing: the unit warnings of
 * a derived block are shown here, when it is inserted, and in its provenance header.
 */
import { fetchDerived, fromClient, type DerivedRequest } from '@econdata/analysis';
import { Field, Radio, RadioGroup, Text, makeStyles, tokens } from '@fluentui/react-components';
import { derivedFormulaText, DerivedFields, ProgressPanel, useDescribeContext, useEconData, useNameLanguage } from '@econdata/ui';
import { useState, type ReactNode } from 'react';
import { operandQueries } from '../office/derived-block.ts';
import type { ExcelHost } from '../office/excel-api.ts';
import { FUNCTIONS_NAMESPACE } from '../functions/namespace.ts';
import { writeFormulas } from '../office/insert-formula.ts';
import { insertBlock } from '../office/insert.ts';
import { errorSentence } from './messages.ts';
import { NoticeBar, type Notice } from './NoticeBar.tsx';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  hint: { color: tokens.colorNeutralForeground3 },
});

type Mode = 'values' | 'formula';

export interface DerivedPanelProps {
  excel: ExcelHost;
  /** Called after a block was written (the Blocks list reloads). */
  onInserted(): void;
}

/** The derived-series builder writing a block of values or =ECON.DERIVED at the selection. */
export function DerivedPanel({ excel, onInserted }: DerivedPanelProps): ReactNode {
  const styles = useStyles();
  const api = useEconData();
  const describe = useDescribeContext();
  const nameLanguage = useNameLanguage();
  const [mode, setMode] = useState<Mode>('values');
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  const insertValues = async (request: DerivedRequest): Promise<void> => {
    setProgress(`Fetching ${request.operands.length} series…`);
    // Every operand in one job: the planner batches them like any other queries. The operands are
    // named in the chosen language first, so the derived title (made from theirs) follows.
    const { fetch, names } = fromClient(api);
    const [result] = await fetchDerived(fetch, [request], { names, language: nameLanguage });
    if (!result?.ok) throw result?.error ?? new Error('No series came back: try again.');
    setProgress('Writing to the worksheet…');
    const block = await insertBlock(excel, [result.series], operandQueries([request]), { derived: [request], language: nameLanguage });
    const text = `Inserted “${block.binding.title}” at ${block.address}; Refresh computes ${request.expression} again from its ${request.operands.length} series.`;
    const warnings = result.series.provenance.warnings ?? [];
    setNotice(warnings.length === 0 ? { intent: 'success', text } : { intent: 'warning', text: `${text} Check before using it: ${warnings.join(' ')}` });
    onInserted();
  };

  const insert = async (request: DerivedRequest): Promise<void> => {
    setBusy(true);
    setNotice(null);
    try {
      if (mode === 'values') {
        await insertValues(request);
        return;
      }
      const { formulas, address } = await writeFormulas(excel, [derivedFormulaText(FUNCTIONS_NAMESPACE, request)]);
      setNotice({ intent: 'success', text: `Wrote ${formulas[0]!} at ${address}. Excel fills the cells when the ECON functions calculate.` });
    } catch (error) {
      setNotice({ intent: 'error', text: errorSentence(error, describe) });
    } finally {
      setProgress(null);
      setBusy(false);
    }
  };

  return (
    <div className={styles.root}>
      <Field label="Insert as">
        <RadioGroup value={mode} onChange={(_, d) => setMode(d.value as Mode)} layout="horizontal">
          <Radio value="values" label="Values (formatted table)" />
          <Radio value="formula" label="Formula (=ECON.DERIVED)" />
        </RadioGroup>
      </Field>
      <Text size={200} className={styles.hint}>
        {mode === 'values'
          ? 'Select the top-left cell, then pick a preset over series a or write a formula over several series: a block with its formula in the provenance header, kept for Refresh.'
          : 'Select a cell, then pick a preset over series a or write a formula over several series: an =ECON.DERIVED formula spills the result and recalculates with the workbook.'}
      </Text>
      <DerivedFields onSubmit={(r) => void insert(r)} submitLabel={mode === 'values' ? 'Insert at selection' : 'Insert as formula'} busy={busy} />
      {progress ? <ProgressPanel label={progress} /> : null}
      <NoticeBar notice={notice} />
    </div>
  );
}
