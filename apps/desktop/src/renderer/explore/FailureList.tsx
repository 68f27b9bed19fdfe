/**
 * The queries of a fetch that brought no series. A few are shown in full (what happened, what to
 * do); many (a wide fetch where some countries lack the indicator) become one summary line, by
 * kind of failure, with the list one click away, so the series that did arrive stay in view.
 */
import type { SeriesQuery } from '@econdata/core';
import { Accordion, AccordionHeader, AccordionItem, AccordionPanel, makeStyles, MessageBar, MessageBarBody, MessageBarTitle, Text, tokens } from '@fluentui/react-components';
import { describeError, queryWords } from '@econdata/ui';
import { AppError } from '../app/AppError.tsx';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  lines: { margin: 0, paddingLeft: tokens.spacingHorizontalL, maxHeight: '180px', overflowY: 'auto', fontSize: tokens.fontSizeBase200 },
});

const INLINE = 3;

/** Failed queries, in full when few, summarised when many. */
export function FailureList({ failures, total, onOpenConnection }: { failures: Array<{ query: SeriesQuery; error: unknown; expression?: string }>; total: number; onOpenConnection(): void }) {
  const styles = useStyles();
  if (failures.length === 0) return null;
  if (failures.length <= INLINE) {
    return (
      <div className={styles.list}>
        {failures.map((f, i) => (
          <div key={i}>
            <Text weight="semibold" size={200}>{f.expression === undefined ? `Could not fetch ${queryWords(f.query)}:` : `Could not derive ${f.expression} from ${queryWords(f.query)}:`}</Text>
            <AppError error={f.error} onOpenSettings={onOpenConnection} />
          </div>
        ))}
      </div>
    );
  }
  const byTitle = new Map<string, number>();
  const described = failures.map((f) => ({ words: queryWords(f.query), d: describeError(f.error) }));
  for (const { d } of described) byTitle.set(d.title, (byTitle.get(d.title) ?? 0) + 1);
  const kinds = [...byTitle].map(([title, n]) => `${n.toLocaleString('en-US')} ${title.toLowerCase()}`).join(', ');
  return (
    <MessageBar intent="warning" layout="multiline" data-testid="failure-summary">
      <MessageBarBody>
        <MessageBarTitle>{`${failures.length.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} series did not arrive (${kinds}).`}</MessageBarTitle>
        The others are shown below. Countries without data for an indicator are common in wide fetches; anything else says what to do in the list.
        <Accordion collapsible>
          <AccordionItem value="list">
            <AccordionHeader size="small">Show which</AccordionHeader>
            <AccordionPanel>
              <ul className={styles.lines}>{described.map(({ words, d }, i) => <li key={i}>{`${words}: ${d.text}`}</li>)}</ul>
            </AccordionPanel>
          </AccordionItem>
        </Accordion>
      </MessageBarBody>
    </MessageBar>
  );
}
