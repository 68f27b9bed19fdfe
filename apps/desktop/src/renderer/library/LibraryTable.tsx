/**
 * The library's exports as a table: name, query, format, saved at, series; Open and Remove per row,
 * and two rows ticked to compare (older first, whichever order they were ticked in).
 */
import { useState } from 'react';
import {
  Button, Checkbox, makeStyles, Table, ToggleButton, TableBody, TableCell, TableCellLayout, TableHeader, TableHeaderCell, TableRow, Text, tokens, Tooltip,
} from '@fluentui/react-components';
import { ArrowSync20Regular, Delete20Regular, DocumentTable20Regular, Eye20Filled, Eye20Regular, Open20Regular, BranchCompare20Regular } from '@fluentui/react-icons';
import { parseTransform, savedRecipe, transformWords } from '@econdata/analysis';
import { periodsAsked, queryText } from '@econdata/ui';
import type { ManifestView } from '../../shared/contract.ts';
import { derivedWords } from '../derived/derived-plan.ts';
import { fetchName } from '../exports/export-name.ts';

const useStyles = makeStyles({
  wrap: { backgroundColor: tokens.colorNeutralBackground1, border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, maxHeight: '260px', overflow: 'auto' },
  bar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, padding: tokens.spacingHorizontalS },
  // Three lines at most: what was asked reads whole in the common case; the requests are on hover.
  query: { fontSize: tokens.fontSizeBase200, overflow: 'hidden', display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflowWrap: 'anywhere' },
  // Open, Re-run and Remove side by side.
  actions: { whiteSpace: 'nowrap' },
  muted: { color: tokens.colorNeutralForeground3 },
});

export interface LibraryTableProps {
  exports: readonly ManifestView[];
  folder: string;
  busy: string | null;
  onOpen(m: ManifestView): void;
  onCompare(older: ManifestView, newer: ManifestView): void;
  /** Fetches the export's queries again into a new export, then compares the two. */
  onRerun(m: ManifestView): void;
  onRemove(m: ManifestView): void;
  /** Watch the export's series for new data, or stop (absent: no Watch button); `watched` says which exports' series all are. */
  watch?: { onWatch(m: ManifestView): void; onUnwatch(m: ManifestView): void; watched(m: ManifestView): boolean };
}

const savedAt = (iso: string): string => iso.replace('T', ' ').slice(0, 19);

/**
 * What an export asked, in words (issue 28: the column read "/indicators…"): its series' names said
 * as the explorer names what it shows (fetchName, the transform in analysis's words or the recipe's
 * words said once), then the periods asked (ui's periodsAsked); a derived export names its formula.
 * @example "GDP (current US$): Vietnam, Thailand, from 2000"
 */
function manifestQuery(m: ManifestView): string {
  if (m.queries.length === 0) return '(no query: a file opened from disk)';
  const recipes = m.derived?.map(savedRecipe);
  const words = recipes ? derivedWords(recipes) : m.transform ? transformWords(parseTransform(m.transform)) : '';
  const periods = periodsAsked(m.queries);
  const formulas = [...new Set(recipes?.map((r) => r.expression) ?? [])];
  return `${fetchName(m.series.map((s) => s.title), words)}${periods ? `, ${periods}` : ''}${formulas.length > 0 ? ` (formula ${formulas.join(', ')})` : ''}`;
}

/** The requests themselves, one a line, for the tooltip: what to cite. */
const manifestRequests = (m: ManifestView): string => m.queries.map(queryText).join('\n');

/** The saved exports table. */
export function LibraryTable({ exports, folder, busy, onOpen, onCompare, onRerun, onRemove, watch }: LibraryTableProps) {
  const styles = useStyles();
  const [picked, setPicked] = useState<string[]>([]);
  const toggle = (id: string, on: boolean): void => setPicked((p) => (on ? [...p.filter((x) => x !== id), id].slice(-2) : p.filter((x) => x !== id)));
  const chosen = exports.filter((m) => picked.includes(m.id)).sort((a, b) => a.created_at.localeCompare(b.created_at));
  const [older, newer] = chosen;

  return (
    <div>
      <div className={styles.bar}>
        <Button appearance="primary" icon={<BranchCompare20Regular />} disabled={chosen.length !== 2 || busy !== null} onClick={() => older && newer && onCompare(older, newer)}>
          Compare selected
        </Button>
        <Text size={200} className={styles.muted}>
          {chosen.length === 2 ? `Compares "${older?.name}" with the newer "${newer?.name}".` : 'Tick two exports of the same query to see what the source revised.'}
        </Text>
      </div>
      <div className={styles.wrap}>
        <Table size="small" aria-label={`Saved exports in ${folder}`}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell style={{ width: 44 }}><span className={styles.muted}>Pick</span></TableHeaderCell>
              <TableHeaderCell style={{ width: watch ? '15%' : '20%' }}>Name</TableHeaderCell>
              <TableHeaderCell>Query</TableHeaderCell>
              <TableHeaderCell style={{ width: 64 }}>Format</TableHeaderCell>
              <TableHeaderCell style={{ width: watch ? 140 : 150 }}>Saved at (UTC)</TableHeaderCell>
              <TableHeaderCell style={{ width: 60 }}>Series</TableHeaderCell>
              <TableHeaderCell style={{ width: watch ? 348 : 256 }}>Actions</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {exports.map((m) => (
              <TableRow key={m.id} data-export-id={m.id}>
                <TableCell>
                  <Checkbox checked={picked.includes(m.id)} onChange={(_, d) => toggle(m.id, d.checked === true)} aria-label={`Select ${m.name} (${savedAt(m.created_at)}) to compare`} />
                </TableCell>
                <TableCell>
                  <TableCellLayout media={<DocumentTable20Regular />} truncate>{m.name}</TableCellLayout>
                </TableCell>
                <TableCell><span className={styles.query} title={manifestRequests(m) || manifestQuery(m)} data-testid="export-query">{manifestQuery(m)}</span></TableCell>
                <TableCell>{m.format.toUpperCase()}</TableCell>
                <TableCell>{savedAt(m.created_at)}</TableCell>
                <TableCell>{m.series.length}</TableCell>
                <TableCell className={styles.actions}>
                  <Tooltip content={`Open ${m.name}`} relationship="label">
                    <Button size="small" icon={<Open20Regular />} disabled={busy !== null} onClick={() => onOpen(m)}>Open</Button>
                  </Tooltip>
                  {m.queries.length > 0 ? (
                    <Tooltip content={`Re-run ${m.name}: fetch its queries again from the service and compare`} relationship="description">
                      <Button size="small" appearance="subtle" icon={<ArrowSync20Regular />} disabled={busy !== null} onClick={() => onRerun(m)}>Re-run</Button>
                    </Tooltip>
                  ) : null}
                  {watch && m.queries.length > 0 && !m.derived ? (
                    <Tooltip content={watch.watched(m) ? `${m.name}'s series are watched (see Watched). Click to stop watching them.` : `Watch ${m.name}'s series: the explorer tells you when their source has new or revised values`} relationship="description">
                      <ToggleButton size="small" appearance="subtle" checked={watch.watched(m)} icon={watch.watched(m) ? <Eye20Filled /> : <Eye20Regular />} disabled={busy !== null} onClick={() => (watch.watched(m) ? watch.onUnwatch(m) : watch.onWatch(m))}>{watch.watched(m) ? 'Watching' : 'Watch'}</ToggleButton>
                    </Tooltip>
                  ) : null}
                  <Tooltip content={`Remove ${m.name} from the library (deletes its file)`} relationship="description">
                    <Button size="small" appearance="subtle" icon={<Delete20Regular />} disabled={busy !== null} onClick={() => onRemove(m)}>Remove</Button>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <Text size={200} className={styles.muted} block style={{ marginTop: 8 }}>
        {`${exports.length} saved in ${folder}. Each opens from its file on this computer, with or without the network.`}
      </Text>
    </div>
  );
}
