/**
 * Export what is shown: a menu of the four kinds, a dialog for the name and where the file goes
 * (the library, to reopen and compare offline, or Downloads), a progress bar with Cancel while main
 * writes or downloads, and "Save to library" for a file that went to Downloads.
 */
import { useState } from 'react';
import type { DerivedRequest } from '@econdata/analysis';
import type { Series, SeriesQuery } from '@econdata/core';
import {
  Field, Input, Menu, MenuButton, MenuItem, MenuList, MenuPopover, MenuTrigger, MessageBar, MessageBarBody, Radio, RadioGroup,
} from '@fluentui/react-components';
import { ArrowDownload20Regular } from '@fluentui/react-icons';
import { ProgressPanel } from '@econdata/ui';
import { exportNameProblem, proposeExportName } from '@econdata/sheets';
import type { Destination, ExportResult, WriteLocalRequest } from '../../shared/contract.ts';
import { useSession } from '../app/session.tsx';
import { useJob } from '../app/use-job.ts';
import { CSV_KINDS, EXPORT_KINDS, exportRequest, isCsvKind, rememberCsvKind, rememberedCsvKind, type ExportKind } from './export-kinds.ts';
import { AppError } from '../app/AppError.tsx';
import { FormDialog } from '../app/FormDialog.tsx';

export interface ExportDone {
  result: ExportResult;
  /** Exports the same again into the library (for a file that went to Downloads). */
  saveToLibrary: (() => Promise<void>) | undefined;
}

export interface ExportMenuProps {
  /** What the shown series are of (one per series, or the derived recipes' operands). */
  queries: readonly SeriesQuery[];
  /**
   * The series the chart shows: a file written here holds exactly these numbers (nothing is fetched
   * again). Explore always gives them; an opened saved export gives `saved` instead.
   */
  series?: readonly Series[];
  /** The transform the chart shows ('' for none): files written here hold the same. */
  transform?: string;
  /** A derived view's recipes: files written here hold the derived series and keep their formulas. */
  derived?: readonly DerivedRequest[];
  /** What the export is of (the chart's title): the proposed name is made from it by sheets' rule, so it is always accepted. */
  title: string;
  /** The chart's right axis and shading: a file written here keeps them in its manifest. */
  chart?: WriteLocalRequest['chart'];
  /**
   * A saved export's id: what is shown is its series read from its file under `transform` (nothing
   * fetched), written here to Downloads (it is in Saved exports already); the service's exports are not offered.
   */
  saved?: string;
  onExported(done: ExportDone): void;
}

/** The renderer's own storage, where it has one (the CSV kind chosen last). */
const storage = (): Storage | undefined => (typeof localStorage === 'undefined' ? undefined : localStorage);

/** The menu: one CSV entry, opening the CSV kind chosen last (the dialog offers both). */
const MENU = EXPORT_KINDS.filter((k) => k.kind !== 'local-csv-data').map((k) => (k.kind === 'local-csv' ? { ...k, label: 'CSV (.csv)' } : k));

const PHASE: Record<string, string> = { starting: 'Starting', fetching: 'Fetching the series', downloading: 'Downloading from the service', writing: 'Writing the file', reading: 'Reading', saving: 'Saving to the library' };

/** The Export button and its dialog. */
export function ExportMenu({ queries, series, transform = '', derived, title, chart, saved, onExported }: ExportMenuProps) {
  const defaultName = proposeExportName(title);
  const { client, status } = useSession();
  const job = useJob<ExportResult>();
  const [kind, setKind] = useState<ExportKind | null>(null);
  const [name, setName] = useState(defaultName);
  const [destination, setDestination] = useState<Destination>(saved ? 'downloads' : 'library');
  const [refusal, setRefusal] = useState<string | null>(null);
  // The rule main checks, shown while typing: a name it would refuse never leaves the dialog.
  const nameProblem = exportNameProblem(name);

  const start = async (k: ExportKind, n: string, d: Destination): Promise<void> => {
    setRefusal(null);
    const result = await job.run((options) => {
      const req = exportRequest(k, queries, n.trim(), d, transform, derived, series);
      if (typeof req === 'string') {
        setRefusal(req);
        return Promise.reject(new Error(req));
      }
      if (req.operation !== 'exports.writeLocal') return client.exports.service(req.request, options);
      return client.exports.writeLocal({ ...req.request, ...(chart ? { chart } : {}), ...(saved ? { saved } : {}) }, options);
    });
    if (result) {
      // A data-only CSV goes to the library as the ordinary CSV (the library keeps provenance in the file).
      const libraryKind: ExportKind = k === 'local-csv-data' ? 'local-csv' : k;
      onExported({ result, saveToLibrary: result.saved || saved ? undefined : () => start(libraryKind, n, 'library') });
      setKind(null);
    } else {
      setKind(k); // failed or cancelled: the dialog shows why, also when "Save to library" started it
    }
  };

  const open = (asked: ExportKind): void => {
    job.reset();
    setRefusal(null);
    setName(defaultName);
    const k = isCsvKind(asked) ? rememberedCsvKind(storage()) : asked;
    if (k === 'local-csv-data') setDestination('downloads');
    setKind(k);
  };
  // Both CSVs in one place: switching remembers the choice, and the data-only one goes to Downloads.
  const chooseCsv = (k: ExportKind): void => {
    if (!isCsvKind(k)) return;
    rememberCsvKind(storage(), k);
    if (k === 'local-csv-data') setDestination('downloads');
    setRefusal(null);
    setKind(k);
  };
  const chosen = EXPORT_KINDS.find((k) => k.kind === kind);
  const p = job.progress;

  return (
    <>
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <MenuButton appearance="primary" icon={<ArrowDownload20Regular />}>Export</MenuButton>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            {MENU.filter((k) => !saved || !k.kind.startsWith('service')).map((k) => <MenuItem key={k.kind} onClick={() => open(k.kind)} secondaryContent={k.kind.startsWith('service') ? 'from the service' : 'written here'}>{k.label}</MenuItem>)}
          </MenuList>
        </MenuPopover>
      </Menu>
      <FormDialog
        open={kind !== null}
        title={kind && isCsvKind(kind) ? 'Export: CSV (.csv)' : `Export: ${chosen?.label ?? ''}`}
        describedBy="export-hint"
        onClose={() => setKind(null)}
        onSubmit={() => { if (kind) void start(kind, name, destination); }}
        submitLabel={job.running ? 'Exporting…' : 'Export'}
        submitDisabled={nameProblem !== undefined}
        busy={job.running}
      >
        {kind && isCsvKind(kind) ? (
          <Field label="Kind of CSV">
            <RadioGroup value={kind} onChange={(_, d) => chooseCsv(d.value as ExportKind)} disabled={job.running}>
              {CSV_KINDS.map((k) => <Radio key={k} value={k} label={EXPORT_KINDS.find((e) => e.kind === k)?.label ?? k} />)}
            </RadioGroup>
          </Field>
        ) : null}
        <p id="export-hint" style={{ margin: 0 }}>{chosen?.hint}</p>
        <Field
          label="Name"
          required
          {...(nameProblem ? { validationState: 'error' as const, validationMessage: nameProblem } : { hint: 'The name in Saved exports; the file is named after it (characters a file name cannot hold become dashes).' })}
        >
          <Input value={name} onChange={(_, d) => setName(d.value)} disabled={job.running} />
        </Field>
        <Field label="Save to">
          <RadioGroup value={destination} onChange={(_, d) => setDestination(d.value as Destination)} disabled={job.running}>
            <Radio value="library" label={saved ? 'Saved exports (this export is there already: re-run it for a new one)' : 'Saved exports (reopen and compare later, offline)'} disabled={kind === 'local-csv-data' || saved !== undefined} />
            <Radio value="downloads" label={`Downloads folder (${status.folders.downloads})`} />
          </RadioGroup>
        </Field>
        {job.running && p ? (
          <ProgressPanel label={PHASE[p.phase] ?? 'Working'} {...(p.loaded > 0 ? { value: p.loaded } : {})} {...(p.total ? { max: p.total } : {})} unit={p.phase === 'downloading' ? 'bytes' : ''} onCancel={job.cancel} />
        ) : null}
        {refusal ? <MessageBar intent="warning"><MessageBarBody>{refusal}</MessageBarBody></MessageBar> : job.error ? <AppError error={job.error} /> : null}
      </FormDialog>
    </>
  );
}
