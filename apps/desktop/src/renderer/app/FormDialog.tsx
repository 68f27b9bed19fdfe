/**
 * The frame every form dialog of the explorer shares (export, save chart as image, add a shaded
 * period): a modal whose form submits on Enter, a title, the fields in one column, a primary submit
 * button and Close. While `busy`, neither Close, Escape nor a click outside closes it (the work it
 * started would lose its progress and its error).
 */
import type { ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

export interface FormDialogProps {
  open: boolean;
  title: string;
  /** Called on Close, Escape or a click outside, unless busy. */
  onClose(): void;
  /** Called on submit (Enter or the primary button) when the button is enabled. */
  onSubmit(): void;
  /** The primary button's text ("Export", "Save", "Add"). */
  submitLabel: string;
  /** The primary button disabled (a field's problem, or busy). */
  submitDisabled?: boolean;
  /** Work in progress: the dialog stays open and Close is disabled. */
  busy?: boolean;
  /** The id of the text that describes the dialog, for screen readers. */
  describedBy?: string;
  children: ReactNode;
}

/** A modal form with a title, fields, a submit button and Close. */
export function FormDialog({ open, title, onClose, onSubmit, submitLabel, submitDisabled = false, busy = false, describedBy, children }: FormDialogProps) {
  const styles = useStyles();
  return (
    <Dialog open={open} onOpenChange={(_, d) => { if (!d.open && !busy) onClose(); }}>
      <DialogSurface {...(describedBy ? { 'aria-describedby': describedBy } : {})}>
        <form onSubmit={(e) => { e.preventDefault(); if (!submitDisabled && !busy) onSubmit(); }}>
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent className={styles.form}>{children}</DialogContent>
            <DialogActions>
              <Button type="submit" appearance="primary" disabled={submitDisabled || busy}>{submitLabel}</Button>
              <Button onClick={onClose} disabled={busy}>Close</Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
