/**
 * What takes a chart or its table out of the explorer: save the chart as PNG (1x or 2x) or SVG at a
 * chosen size, through the export rules (Downloads, or Electron's save dialog), and copy the chart
 * as an image or the table as TSV plus HTML at full precision (Electron's clipboard through main;
 * web mode's navigator.clipboard).
 */
import { useState } from 'react';
import {
  Field, Input, Menu, MenuButton, MenuItem, MenuList, MenuPopover, MenuTrigger, MessageBar, MessageBarBody, Radio, RadioGroup,
} from '@fluentui/react-components';
import { exportNameProblem, proposeExportName } from '@econdata/sheets';
import { useSession } from '../app/session.tsx';
import { AppError } from '../app/AppError.tsx';
import { FormDialog } from '../app/FormDialog.tsx';
import type { ChartFigure } from './chart-figure.ts';
import { blobBase64, svgToPng } from './chart-image.ts';
import { chartSvg, IMAGE_SIZES } from './chart-svg.ts';
import { tableClipboard } from './table-copy.ts';
import type { TableModel } from './table-model.ts';

type Format = 'png2' | 'png1' | 'svg';
type Size = keyof typeof IMAGE_SIZES | 'screen';

export interface ChartImageMenuProps {
  /** The chart as shown, or null when it cannot be drawn as an image (candlesticks). */
  figure(): ChartFigure | null;
  table: TableModel;
  /** The chart's title: the proposed file name. */
  title: string;
  /** The chart's size on screen, in CSS pixels. */
  screenSize(): { width: number; height: number };
}

/** The "Chart image" menu and its save dialog. */
export function ChartImageMenu({ figure, table, title, screenSize }: ChartImageMenuProps) {
  const { client, status } = useSession();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [format, setFormat] = useState<Format>('png2');
  const [size, setSize] = useState<Size>('slide');
  const [destination, setDestination] = useState<'downloads' | 'dialog'>('downloads');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);
  const nameProblem = exportNameProblem(name);
  const screen = screenSize();
  const dims = (s: Size): { width: number; height: number } => (s === 'screen' ? screen : IMAGE_SIZES[s]);

  const run = async (what: () => Promise<string>): Promise<void> => {
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      setDone(await what());
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  const shown = (): ChartFigure => {
    const f = figure();
    if (!f) throw new Error('A stock drawn as candlesticks or OHLC bars has no image yet: choose "Close (line)" above the chart, then save or copy it.');
    return f;
  };

  const save = (): Promise<void> => run(async () => {
    const { width, height } = dims(size);
    const svg = chartSvg(shown(), width, height);
    const request = format === 'svg'
      ? { name: name.trim(), format: 'svg' as const, data: svg, destination }
      : { name: name.trim(), format: 'png' as const, data: await blobBase64(await svgToPng(svg, width, height, format === 'png2' ? 2 : 1)), destination };
    const result = await client.images.save(request);
    if (result.path === null) return 'Not saved: the save dialog was cancelled.';
    setOpen(false);
    return `Saved the chart as ${result.path} (${result.bytes.toLocaleString('en-US')} bytes).`;
  });

  const copyChart = (): Promise<void> => run(async () => {
    const { width, height } = screen;
    const png = await svgToPng(chartSvg(shown(), width, height), width, height, 1);
    if (status.host === 'electron') await client.clipboard.write({ png: await blobBase64(png) });
    else await navigator.clipboard.write([new ClipboardItem({ 'image/png': png })]);
    return `Copied the chart as an image (${width} x ${height}).`;
  });

  const copyTable = (): Promise<void> => run(async () => {
    const { text, html } = tableClipboard(table);
    if (status.host === 'electron') await client.clipboard.write({ text, html });
    else await navigator.clipboard.write([new ClipboardItem({ 'text/plain': new Blob([text], { type: 'text/plain' }), 'text/html': new Blob([html], { type: 'text/html' }) })]);
    return `Copied the table: ${table.rowCount.toLocaleString('en-US')} rows with a header row, values at full precision.`;
  });

  return (
    <>
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <MenuButton disabled={busy}>Chart image</MenuButton>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            <MenuItem onClick={() => { setName(proposeExportName(title)); setError(null); setDone(null); setOpen(true); }}>Save chart as image…</MenuItem>
            <MenuItem onClick={() => void copyChart()}>Copy chart image</MenuItem>
            <MenuItem onClick={() => void copyTable()}>Copy table</MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
      {!open && (done || error) ? (
        <div data-testid="chart-image-result" role="status">
          {error ? <AppError error={error} /> : <MessageBar intent="success"><MessageBarBody>{done}</MessageBarBody></MessageBar>}
        </div>
      ) : null}
      <FormDialog
        open={open}
        title="Save chart as image"
        onClose={() => setOpen(false)}
        onSubmit={() => void save()}
        submitLabel={busy ? 'Saving…' : 'Save'}
        submitDisabled={nameProblem !== undefined}
        busy={busy}
      >
        <Field label="Name" required {...(nameProblem ? { validationState: 'error' as const, validationMessage: nameProblem } : { hint: 'The file is named after it.' })}>
          <Input value={name} onChange={(_, d) => setName(d.value)} disabled={busy} />
        </Field>
        <Field label="Format">
          <RadioGroup value={format} onChange={(_, d) => setFormat(d.value as Format)} disabled={busy}>
            <Radio value="png2" label="PNG at 2x (sharp in slides and print)" />
            <Radio value="png1" label="PNG at 1x" />
            <Radio value="svg" label="SVG (vector: text and lines stay editable)" />
          </RadioGroup>
        </Field>
        <Field label="Size">
          <RadioGroup value={size} onChange={(_, d) => setSize(d.value as Size)} disabled={busy}>
            <Radio value="slide" label={IMAGE_SIZES.slide.label} />
            <Radio value="half-page" label={IMAGE_SIZES['half-page'].label} />
            <Radio value="screen" label={`As on screen, ${screen.width} x ${screen.height}`} />
          </RadioGroup>
        </Field>
        <Field label="Save to">
          <RadioGroup value={destination} onChange={(_, d) => setDestination(d.value as 'downloads' | 'dialog')} disabled={busy}>
            <Radio value="downloads" label={`Downloads folder (${status.folders.downloads})`} />
            {status.fileDialogs ? <Radio value="dialog" label="Choose where…" /> : null}
          </RadioGroup>
        </Field>
        {error ? <AppError error={error} /> : done ? <MessageBar intent="info"><MessageBarBody>{done}</MessageBarBody></MessageBar> : null}
      </FormDialog>
    </>
  );
}
