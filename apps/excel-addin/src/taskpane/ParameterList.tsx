/**
 * The Blocks tab's formulas with parameters: each read from its cells as they are now (what its
 * formula asks), with the cells' refusal when the formula would refuse them, and a Refresh that
 * asks the service again and makes Excel calculate the formula anew.
 */
import { parseTransform, transformWords } from '@econdata/analysis';
import { Button, Card, MessageBar, MessageBarBody, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowClockwiseRegular } from '@fluentui/react-icons';
import { formatDateTime, queryText } from '@econdata/ui';
import type { ReactNode } from 'react';
import type { ParameterState } from '../office/parameters.ts';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, listStyleType: 'none', margin: 0, padding: 0 },
  card: { padding: tokens.spacingVerticalS },
  head: { display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  title: { fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  query: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase100, color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
});

export interface ParameterListProps {
  params: readonly ParameterState[];
  busy: boolean;
  onRefresh(state: ParameterState): void;
}

/** Where a parameter block is and what its formula is ('=ECON.INDICATOR at Sheet1!B10'). */
const parameterTitle = (s: ParameterState): string => `${s.binding.formula.slice(0, s.binding.formula.indexOf('('))} at ${s.binding.sheet}!${s.binding.formulaAt}`;

/** The list (nothing when the workbook has no parameter block). */
export function ParameterList({ params, busy, onRefresh }: ParameterListProps): ReactNode {
  const styles = useStyles();
  if (params.length === 0) return null;
  return (
    <ul className={styles.list} aria-label="Formulas with parameters">
      {params.map((s) => (
        <li key={s.binding.id}>
          <Card className={styles.card} size="small">
            <div className={styles.head}>
              <Text className={styles.title}>{parameterTitle(s)}</Text>
              <Button size="small" icon={<ArrowClockwiseRegular />} disabled={busy || s.problem !== undefined} aria-label={`Refresh ${parameterTitle(s)}`} onClick={() => onRefresh(s)}>
                Refresh
              </Button>
            </div>
            <Text size={200}>{`Parameters in ${s.binding.sheet}!${s.binding.at}, as the cells say now:`}</Text>
            {s.queries.map((q) => <Text key={JSON.stringify(q)} className={styles.query}>{queryText(q)}</Text>)}
            {s.transform ? <Text className={styles.query}>{`Options: ${s.transform} (${transformWords(parseTransform(s.transform))})`}</Text> : null}
            {s.problem ? <MessageBar intent="warning"><MessageBarBody>{`The formula refuses these cells: ${s.problem}`}</MessageBarBody></MessageBar> : null}
            <Text size={200}>{`Inserted ${s.binding.inserted_at ? formatDateTime(new Date(s.binding.inserted_at)) : 'never'} · refreshed ${s.binding.refreshed_at ? formatDateTime(new Date(s.binding.refreshed_at)) : 'never'}`}</Text>
          </Card>
        </li>
      ))}
    </ul>
  );
}
