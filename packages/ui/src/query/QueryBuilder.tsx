/**
 * Builds indicator, trade or stock queries and emits core's SeriesQuery[], with the transform to
 * apply to them (TransformFields, when offered). Invalid input is shown inline, field by field,
 * and never emitted.
 */
import { queryFrequency, transformWords, parseTransform } from '@econdata/analysis';
import type { Frequency, SeriesQuery } from '@econdata/core';
import { Accordion, AccordionHeader, AccordionItem, AccordionPanel, Button, MessageBar, MessageBarBody, Tab, TabList } from '@fluentui/react-components';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { buildIndicatorQueries, buildStockQuery, buildTradeQuery, emptyIndicatorForm, emptyStockForm, emptyTradeForm, type FieldErrors, type IndicatorForm, type StockForm, type TradeForm } from './build.ts';
import { IndicatorFields } from './IndicatorFields.tsx';
import { StockFields } from './StockFields.tsx';
import { TradeFields } from './TradeFields.tsx';
import { TransformFields } from './TransformFields.tsx';
import { useFormStyles } from './styles.ts';

export type QueryKind = 'indicators' | 'trade' | 'stocks';

const KIND_LABELS: Record<QueryKind, string> = { indicators: 'Indicators', trade: 'Trade', stocks: 'Stocks' };

export interface QueryBuilderProps {
  /** Called with valid queries only, and the transform's canonical text ('' for none; always '' unless `transform` is on). */
  onSubmit(queries: SeriesQuery[], kind: QueryKind, transform: string): void;
  /** Which kinds to offer, in order (default all three). */
  kinds?: readonly QueryKind[];
  /** The tab shown first. */
  initialKind?: QueryKind;
  /** Starting values (e.g. a block's saved query being edited). */
  initial?: { indicators?: Partial<IndicatorForm>; trade?: Partial<TradeForm>; stocks?: Partial<StockForm>; transform?: string };
  /** Offer @econdata/analysis's transform (TransformFields, folded under "Transform") with the query. */
  transform?: boolean;
  /** The submit button's text (default "Get data"). */
  submitLabel?: string;
  /** Disables submitting while the caller works. */
  busy?: boolean;
  /** Extra buttons beside submit (e.g. "Insert as formula"). */
  extraActions?: ReactNode;
  /**
   * An indicator picked elsewhere (the search box across every source): added to the indicators of
   * its source, or replacing them when it is of another source; a new `seq` adds the next one.
   */
  picked?: { source: string; code: string; seq: number } | undefined;
  /**
   * A whole indicator query put in the form from elsewhere ("Show an example" charts it and the
   * form shows what it charts, so the user changes one thing); a new `seq` fills it again.
   */
  filled?: { form: IndicatorForm; seq: number } | undefined;
  /** The indicator form's countries, whenever they change (the search box says whether data exists for the first). */
  onCountriesChange?(countries: string[]): void;
  /** The tab shown, whenever it changes (and once at first): what the app shows should belong to it. */
  onKindChange?(kind: QueryKind): void;
}

/** Tabs for the three kinds of query, their fields, and a submit button. */
export function QueryBuilder({ onSubmit, kinds = ['indicators', 'trade', 'stocks'], initialKind, initial = {}, submitLabel = 'Get data', busy = false, extraActions, transform: offerTransform = false, picked, filled, onCountriesChange, onKindChange }: QueryBuilderProps): ReactNode {
  const styles = useFormStyles();
  const [kind, setKind] = useState<QueryKind>(initialKind ?? kinds[0] ?? 'indicators');
  const [indicators, setIndicators] = useState<IndicatorForm>({ ...emptyIndicatorForm(), ...initial.indicators });
  const [trade, setTrade] = useState<TradeForm>({ ...emptyTradeForm(), ...initial.trade });
  const [stocks, setStocks] = useState<StockForm>({ ...emptyStockForm(), ...initial.stocks });
  // Errors appear after the first submit, then follow every edit so a fixed field clears at once.
  const [tried, setTried] = useState<Record<QueryKind, boolean>>({ indicators: false, trade: false, stocks: false });
  const [transform, setTransform] = useState(initial.transform ?? '');
  const pickedSeq = picked?.seq;
  useEffect(() => {
    if (!picked) return;
    setKind('indicators');
    // Another source's codes do not exist in this one, and the GSO frequency only in GSO.
    setIndicators((f) => (f.source === picked.source
      ? { ...f, indicators: f.indicators.includes(picked.code) ? f.indicators : [...f.indicators, picked.code] }
      : { ...f, source: picked.source, indicators: [picked.code], frequency: '' }));
    // One pick per seq: the effect runs when a new pick arrives, not when the object is rebuilt.
  }, [pickedSeq]);
  const filledSeq = filled?.seq;
  useEffect(() => {
    if (!filled) return;
    setKind('indicators');
    setIndicators({ ...filled.form });
    // One fill per seq, as for picks.
  }, [filledSeq]);
  const countriesKey = indicators.countries.join(',');
  useEffect(() => {
    onCountriesChange?.(countriesKey ? countriesKey.split(',') : []);
    // Reported when the countries change, not when the callback is a new function.
  }, [countriesKey]);
  const [transformProblem, setTransformProblem] = useState<string | null>(null);
  useEffect(() => {
    onKindChange?.(kind);
    // Reported when the tab changes, not when the callback is a new function.
  }, [kind]);

  const build = (k: QueryKind) => (k === 'indicators' ? buildIndicatorQueries(indicators) : k === 'trade' ? buildTradeQuery(trade) : buildStockQuery(stocks));
  const result = build(kind);
  const errors: FieldErrors = tried[kind] && !result.ok ? { ...result.errors } : {};
  if (offerTransform && tried[kind] && transformProblem) errors['transform'] = transformProblem;
  const count = Object.keys(errors).length;
  const text = offerTransform ? transform : '';

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    setTried((t) => ({ ...t, [kind]: true }));
    if (result.ok && !busy && !(offerTransform && transformProblem)) onSubmit(result.queries, kind, text);
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
      {offerTransform ? (
        <Accordion collapsible defaultOpenItems={initial.transform ? ['transform'] : []}>
          <AccordionItem value="transform">
            <AccordionHeader size="small">{transformHeading(transform)}</AccordionHeader>
            <AccordionPanel>
              <TransformFields value={transform} onChange={setTransform} onProblem={setTransformProblem} {...frequencyOf(kind, result.ok ? result.queries[0] : undefined)} />
            </AccordionPanel>
          </AccordionItem>
        </Accordion>
      ) : null}
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

/** The series' frequency for the transform's choices: the query's own, else what the kind always has. */
function frequencyOf(kind: QueryKind, query: SeriesQuery | undefined): { frequency?: Frequency } {
  const f = query ? queryFrequency(query) : kind === 'trade' ? 'monthly' : kind === 'stocks' ? 'daily' : null;
  return f ? { frequency: f } : {};
}

/** "Transform" with what it does, so a folded section still says it is on. */
function transformHeading(text: string): string {
  if (!text) return 'Transform (optional): as published';
  return `Transform: ${transformWords(parseTransform(text))}`;
}
