/**
 * Derived series on the explorer: the "Derive" menu on a chart (the four presets over every series
 * shown, one click each, and "New derived series…"), and the dialog with @econdata/ui's
 * DerivedFields (a formula over several series: operands a, b, c ..., each a query with its own
 * transform, the expression, the result's transform). Both hand analysis's DerivedRequest to the
 * caller, which asks main to compute it (series.derive).
 */
import { useState, type ReactNode } from 'react';
import { DERIVED_PRESETS, type DerivedRequest } from '@econdata/analysis';
import type { SeriesQuery } from '@econdata/core';
import {
  Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, Menu, MenuButton, MenuDivider, MenuItem, MenuList, MenuPopover, MenuTrigger, Text, tokens,
} from '@fluentui/react-components';
import { MathFormula20Regular } from '@fluentui/react-icons';
import { DerivedFields } from '@econdata/ui';
import { presetRequests } from './derived-plan.ts';

const useStyles = makeStyles({
  surface: { maxWidth: '560px' },
  hint: { color: tokens.colorNeutralForeground3, marginBottom: tokens.spacingVerticalM },
});

export interface DerivedDialogProps {
  open: boolean;
  /** The series the dialog opens from (a chart's first series): it is operand a. */
  series?: { query: SeriesQuery; transform?: string };
  onDerive(requests: DerivedRequest[]): void;
  onClose(): void;
}

/** "New derived series": a formula over several series, or a preset over series a. */
export function DerivedDialog({ open, series, onDerive, onClose }: DerivedDialogProps): ReactNode {
  const styles = useStyles();
  return (
    <Dialog open={open} onOpenChange={(_, d) => { if (!d.open) onClose(); }}>
      <DialogSurface className={styles.surface} aria-describedby="derived-hint">
        <DialogBody>
          <DialogTitle>New derived series</DialogTitle>
          <DialogContent>
            <Text id="derived-hint" size={200} className={styles.hint} block>
              Each operand is transformed first, then the expression, then the result&apos;s transform: the growth of GDP per capita is a/b with Units=pc1 on the result.
            </Text>
            {/* A fresh form each time it opens, from the series it opens on. */}
            {open ? <DerivedFields {...(series ? { series } : {})} onSubmit={(r) => { onDerive([r]); onClose(); }} submitLabel="Show derived series" /> : null}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Close</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

export interface DerivedMenuProps {
  /** The plain series shown: the presets apply to each. Absent on a derived view (a preset of a derived series is a new formula). */
  queries?: readonly SeriesQuery[];
  /** The chart's transform: it becomes the result's. */
  transform: string;
  busy: boolean;
  onDerive(requests: DerivedRequest[]): void;
}

/** The Derive menu of a chart. */
export function DerivedMenu({ queries, transform, busy, onDerive }: DerivedMenuProps): ReactNode {
  const [dialog, setDialog] = useState(false);
  const first = queries?.[0];
  return (
    <>
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <MenuButton icon={<MathFormula20Regular />} disabled={busy}>Derive</MenuButton>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            {DERIVED_PRESETS.map((p) => (
              <MenuItem key={p.id} disabled={!queries || queries.length === 0} title={p.description} onClick={() => queries && onDerive(presetRequests(p.id, queries, transform))}>
                {p.label}
              </MenuItem>
            ))}
            <MenuDivider />
            <MenuItem onClick={() => setDialog(true)}>New derived series…</MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
      <DerivedDialog open={dialog} {...(first ? { series: { query: first } } : {})} onDerive={onDerive} onClose={() => setDialog(false)} />
    </>
  );
}
