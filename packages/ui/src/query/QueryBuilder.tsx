/**
 * Builds indicator, trade or stock queries and emits core's SeriesQuery[]. Invalid input is shown
 * inline, field by field, and never emitted.
 */
import type { SeriesQuery } from '@econdata/core';
import { Button, MessageBar, MessageBarBody, Tab, TabList } from '@fluentui/react-components';
import { useState, type FormEvent, type ReactNode } from 'react';
import { buildIndicatorQueries, buildStockQuery, buildTradeQuery, emptyIndicatorForm, emptyStockForm, emptyTradeForm, type FieldErrors, type IndicatorForm, type StockForm, type TradeForm } from './build.ts';
import { IndicatorFields } from './IndicatorFields.tsx';
import { StockFields } from './StockFields.tsx';
import { TradeFields } from './TradeFields.tsx';
import { useFormStyles } from './styles.ts';

export type QueryKind = 'indicators' | 'trade' | 'stocks';

const KIND_LABELS: Record<QueryKind, string> = { indicators: 'Indicators', trade: 'Trade', stocks: 'Stocks' };

export interface QueryBuilderProps {
  /** Called with valid queries only. */
  onSubmit(queries: SeriesQuery[], kind: QueryKind): void;
  /** Which kinds to offer, in order (default all three). */
  kinds?: readonly QueryKind[];
  /** The tab shown first. */
  initialKind?: QueryKind;
  /** Starting values (e.g. a block's saved query being edited). */
  initial?: { indicators?: Partial<IndicatorForm>; trade?: Partial<TradeForm>; stocks?: Partial<StockForm> };
  /** The submit button's text (default "Get data"). */
  submitLabel?: string;
  /** Disables submitting while the caller works. */
  busy?: boolean;
  /** Extra buttons beside submit (e.g. "Insert as formula"). */
  extraActions?: ReactNode;
}

/** Tabs for the three kinds of query, their fields, and a submit button. */
export function QueryBuilder({ onSubmit, kinds = ['indicators', 'trade', 'stocks'], initialKind, initial = {}, submitLabel = 'Get data', busy = false, extraActions }: QueryBuilderProps): ReactNode {
  const styles = useFormStyles();
  const [kind, setKind] = useState<QueryKind>(initialKind ?? kinds[0] ?? 'indicators');
  const [indicators, setIndicators] = useState<IndicatorForm>({ ...emptyIndicatorForm(), ...initial.indicators });
  const [trade, setTrade] = useState<TradeForm>({ ...emptyTradeForm(), ...initial.trade });
  const [stocks, setStocks] = useState<StockForm>({ ...emptyStockForm(), ...initial.stocks });
  // Errors appear after the first submit, then follow every edit so a fixed field clears at once.
  const [tried, setTried] = useState<Record<QueryKind, boolean>>({ indicators: false, trade: false, stocks: false });

  const build = (k: QueryKind) => (k === 'indicators' ? buildIndicatorQueries(indicators) : k === 'trade' ? buildTradeQuery(trade) : buildStockQuery(stocks));
  const result = build(kind);
  const errors: FieldErrors = tried[kind] && !result.ok ? result.errors : {};
  const count = Object.keys(errors).length;

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    setTried((t) => ({ ...t, [kind]: true }));
    if (result.ok && !busy) onSubmit(result.queries, kind);
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Query">
      {kinds.length > 1 ? (
        <TabList selectedValue={kind} onTabSelect={(_, d) => setKind(d.value as QueryKind)} aria-label="Kind of data">
          {kinds.map((k) => <Tab key={k} value={k}>{KIND_LABELS[k]}</Tab>)}
        </TabList>
      ) : null}
      {kind === 'indicators' ? <IndicatorFields form={indicators} onChange={setIndicators} errors={errors} /> : null}
      {kind === 'trade' ? <TradeFields form={trade} onChange={setTrade} errors={errors} /> : null}
      {kind === 'stocks' ? <StockFields form={stocks} onChange={setStocks} errors={errors} /> : null}
      {count > 0 ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{count === 1 ? 'Fix 1 field before continuing.' : `Fix ${count} fields before continuing.`}{errors['form'] ? ` ${errors['form']}` : ''}</MessageBarBody>
        </MessageBar>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" appearance="primary" disabled={busy}>{submitLabel}</Button>
        {result.ok && kind === 'indicators' && result.queries.length > 1 ? <span>{`${result.queries.length} series`}</span> : null}
        {extraActions}
      </div>
    </form>
  );
}
