/**
 * "Copy as code": a button that opens the shown series as code (the request address, curl, Python
 * with pandas, R with httr2, the =ECON.* formula), each with a Copy button. The snippets come from
 * codeSnippets, the one owner; the service address from the provider (the connection's base URL).
 * The key is never shown: every snippet reads ECONDATA_API_KEY.
 */
import type { Series } from '@econdata/core';
import {
  Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, DialogTrigger,
  Dropdown, Option, Spinner, Tab, TabList, Text, makeStyles, mergeClasses, tokens,
} from '@fluentui/react-components';
import { CodeRegular, CopyRegular } from '@fluentui/react-icons';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useDescribeContext } from '../data/provider.tsx';
import { ErrorMessage } from '../errors/ErrorMessage.tsx';
import { codeSnippets, KEY_VARIABLE, type CodeSnippets } from './snippets.ts';
import { PRODUCTION_NAMESPACE } from './formula.ts';

const useStyles = makeStyles({
  surface: { maxWidth: 'min(860px, calc(100vw - 32px))', width: '100%' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  code: {
    margin: 0, padding: tokens.spacingHorizontalM, backgroundColor: tokens.colorNeutralBackground3, borderRadius: tokens.borderRadiusMedium,
    fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, maxHeight: '46vh', overflow: 'auto', whiteSpace: 'pre', tabSize: 4,
  },
  wrap: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  note: { color: tokens.colorNeutralForeground3 },
});

type Tabs = 'address' | 'curl' | 'python' | 'r' | 'formula';
const TAB_LABEL: Record<Tabs, string> = { address: 'Address', curl: 'curl', python: 'Python (pandas)', r: 'R (httr2)', formula: 'Excel formula' };

export interface CopyAsCodeProps {
  /** The series as shown, or a loader for them (the add-in reads a block's series when asked). */
  series: readonly Series[] | (() => Promise<Series[]>);
  /** What is copied, for the button's accessible name: "Copy as code: GDP (current US$): Vietnam". */
  of?: string;
  size?: 'small' | 'medium';
  /** The custom functions' namespace of the formula (the add-in: its build's; default the production add-in's `ECON`). */
  namespace?: string;
}

/** The "Copy as code" button and its dialog. */
export function CopyAsCode({ series, of, size = 'small', namespace = PRODUCTION_NAMESPACE }: CopyAsCodeProps): ReactNode {
  const styles = useStyles();
  const { baseURL } = useDescribeContext();
  const [open, setOpen] = useState(false);
  const [fetched, setLoaded] = useState<readonly Series[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [which, setWhich] = useState(0);
  const [tab, setTab] = useState<Tabs>('python');
  const [copied, setCopied] = useState<string | null>(null);

  // A loader is called once per opening (callers pass a new function at every render).
  const latest = useRef(series);
  latest.current = series;
  const lazy = typeof series === 'function';
  useEffect(() => {
    const load = latest.current;
    if (!open || typeof load !== 'function') return;
    let live = true;
    setLoaded(null);
    setError(null);
    load().then((s) => live && setLoaded(s), (e: unknown) => live && setError(e));
    return () => {
      live = false;
    };
  }, [open, lazy]);

  const loaded = typeof series === 'function' ? fetched : series;
  const shown = loaded?.[Math.min(which, (loaded?.length ?? 1) - 1)];
  let snippets: CodeSnippets | null = null;
  let problem: unknown = null;
  if (shown && baseURL) {
    try {
      snippets = codeSnippets(shown, baseURL, namespace);
    } catch (e) {
      problem = e;
    }
  }
  const text = snippets ? (tab === 'formula' ? snippets.formula ?? 'A derived series: its formula is in its own panel.' : snippets[tab]) : '';

  const copy = async (): Promise<void> => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(TAB_LABEL[tab]);
    } catch {
      // No clipboard permission (an embedded page): the text is selectable.
      setCopied(null);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(_, d) => { setOpen(d.open); setCopied(null); }}>
      <DialogTrigger disableButtonEnhancement>
        <Button size={size} icon={<CodeRegular />} disabled={!baseURL} aria-label={of ? `Copy as code: ${of}` : 'Copy as code'} title={baseURL ? undefined : 'Connect to a service first'}>Copy as code</Button>
      </DialogTrigger>
      <DialogSurface className={styles.surface} aria-label="Copy as code">
        <DialogBody>
          <DialogTitle>Copy as code</DialogTitle>
          <DialogContent className={styles.content}>
            {loaded && loaded.length > 1 ? (
              <div className={styles.row}>
                <Text id="copy-code-series">Series</Text>
                <Dropdown aria-labelledby="copy-code-series" value={loaded[which]?.title ?? ''} selectedOptions={[String(which)]}
                  onOptionSelect={(_, d) => setWhich(Number(d.optionValue ?? 0))}>
                  {loaded.map((s, i) => <Option key={s.id} value={String(i)}>{s.title}</Option>)}
                </Dropdown>
              </div>
            ) : shown ? <Text weight="semibold">{shown.title}</Text> : null}
            {error ? <ErrorMessage error={error} /> : null}
            {problem ? <ErrorMessage error={problem} /> : null}
            {!loaded && !error ? <Spinner size="tiny" label="Reading the series…" /> : null}
            <TabList selectedValue={tab} onTabSelect={(_, d) => { setTab(d.value as Tabs); setCopied(null); }} size="small">
              {(Object.keys(TAB_LABEL) as Tabs[]).map((t) => <Tab key={t} value={t}>{TAB_LABEL[t]}</Tab>)}
            </TabList>
            <pre className={mergeClasses(styles.code, tab !== 'python' && tab !== 'r' && styles.wrap)} aria-label={`${TAB_LABEL[tab]} snippet`} tabIndex={0}>{text}</pre>
            <Text size={200} className={styles.note}>
              {`The key is never in a snippet: set the environment variable ${KEY_VARIABLE} to your key first. `}
              {shown?.provenance.transform ? 'The Python snippet applies the transform with pandas; it says what it cannot reproduce.' : ''}
            </Text>
          </DialogContent>
          <DialogActions>
            <Text role="status" size={200}>{copied ? `${copied} copied` : ''}</Text>
            <Button appearance="primary" icon={<CopyRegular />} disabled={!snippets} onClick={() => void copy()}>Copy</Button>
            <DialogTrigger disableButtonEnhancement><Button>Close</Button></DialogTrigger>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
