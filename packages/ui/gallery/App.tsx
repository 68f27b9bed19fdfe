/** The gallery page: a card per component and state. */
import type { DerivedRequest } from '@econdata/analysis';
import type { SeriesQuery } from '@econdata/core';
import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { useState, type ReactNode } from 'react';
import {
  ConnectionForm, CostPreview, EconDataProvider, EconThemeProvider, EmptyState, ErrorMessage, IndicatorBrowser, ProgressPanel,
  DerivedFields, ProvenanceBlock, QueryBuilder, QuotaMeter, SourcePicker, TransformFields,
} from '../src/index.ts';
import { createFakeEconDataApi, sampleQuota } from '../src/testing/index.ts';
import { SAMPLE_ERRORS, SAMPLE_SERIES, sampleDerived, sampleEstimate, sampleTradeRange } from './samples.ts';
import { Section } from './Section.tsx';

const DERIVED_BASE: SeriesQuery = { kind: 'indicator', source: 'WB', indicator: 'NY.GDP.MKTP.CD', country: 'VN', start_year: 2000, end_year: 2023 };

const useStyles = makeStyles({
  page: { minHeight: '100vh', backgroundColor: tokens.colorNeutralBackground2, padding: tokens.spacingHorizontalL, boxSizing: 'border-box' },
  header: { marginBottom: tokens.spacingVerticalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  block: { display: 'block', margin: 0 },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 540px), 1fr))', gap: tokens.spacingHorizontalL, alignItems: 'start' },
  wide: { gridColumn: '1 / -1' },
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  code: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0, backgroundColor: tokens.colorNeutralBackground3, padding: tokens.spacingHorizontalS, borderRadius: tokens.borderRadiusMedium },
});

const BASE_URL = 'https://api.econdata.example/api/v1';
const api = createFakeEconDataApi({ quota: sampleQuota('free', { minuteUsed: 3, dayUsed: 8 }) });
const offline = createFakeEconDataApi({ fail: { listSources: SAMPLE_ERRORS.find((e) => e.code === 'connection')?.error } });
const emptyImf = createFakeEconDataApi({ empty: { listSourceIndicators: true } });
const loading = createFakeEconDataApi({ fail: { listSources: 'pending' } });

function States(): ReactNode {
  const styles = useStyles();
  return (
    <div className={styles.stack}>
      <Text weight="semibold">Loading</Text>
      <EconDataProvider api={loading}><SourcePicker value={undefined} onChange={() => undefined} /></EconDataProvider>
      <Text weight="semibold">Service unreachable (browser origin named for CORS)</Text>
      <EconDataProvider api={offline} baseURL={BASE_URL} origin="https://localhost:3000"><SourcePicker value={undefined} onChange={() => undefined} /></EconDataProvider>
      <Text weight="semibold">Nothing listed</Text>
      <EconDataProvider api={emptyImf}><IndicatorBrowser source="IMF" selected={[]} onChange={() => undefined} /></EconDataProvider>
    </div>
  );
}

function Progress(): ReactNode {
  const [controller] = useState(() => new AbortController());
  const [cancelled, setCancelled] = useState(false);
  return (
    <>
      <ProgressPanel label="Writing rows to the worksheet" value={1200} max={4000} unit="rows" controller={controller} onCancel={() => setCancelled(true)} />
      <ProgressPanel label="Fetching 6 series" />
      {cancelled ? <Text role="status">Cancelled: nothing more is written.</Text> : null}
    </>
  );
}

/** The whole gallery. */
export function App(): ReactNode {
  const styles = useStyles();
  const [emitted, setEmitted] = useState<SeriesQuery[] | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [transform, setTransform] = useState('SA=tet Units=pch MA=3');
  const [derived, setDerived] = useState<DerivedRequest | null>(null);
  return (
    <EconThemeProvider>
      <EconDataProvider api={api} baseURL={BASE_URL} timeZone="UTC">
        <main className={styles.page}>
          <header className={styles.header}>
            <Text as="h1" size={700} weight="semibold" className={styles.block}>Econdata UI gallery</Text>
            <Text as="p" className={styles.block}>Every shared component over a fake data service with sample WB, IMF and GSO data. Times are UTC.</Text>
          </header>
          <div className={styles.grid}>
            <div className={styles.wide}>
              <Section id="query-builder" title="Query builder">
                <QueryBuilder onSubmit={(queries) => setEmitted(queries)} />
                {emitted ? <pre className={styles.code} aria-label="Emitted queries">{JSON.stringify(emitted, null, 1)}</pre> : null}
              </Section>
            </div>
            <Section id="transform" title="Transform fields">
              <TransformFields value={transform} onChange={setTransform} frequency="monthly" />
              <pre className={styles.code} aria-label="Transform text">{transform || '(none)'}</pre>
            </Section>
            <Section id="derived" title="Derived series">
              <DerivedFields series={{ query: DERIVED_BASE }} onSubmit={setDerived} />
              {derived ? <pre className={styles.code} aria-label="Derived request">{JSON.stringify(derived, null, 1)}</pre> : null}
            </Section>
            <Section id="quota" title="Quota meter">
              <QuotaMeter />
              <QuotaMeter status={sampleQuota('free', { minuteUsed: 9, dayUsed: 97, queued: { interactive: 2, background: 1 } })} />
              <QuotaMeter status={sampleQuota('free', { minuteUsed: 0, dayUsed: 100 })} />
              <QuotaMeter status={sampleQuota('enterprise', { dayUsed: 5120 })} />
              <Text weight="semibold">Compact</Text>
              <QuotaMeter variant="compact" />
              <QuotaMeter variant="compact" status={sampleQuota('basic', { minuteUsed: 58, dayUsed: 990 })} />
            </Section>
            <Section id="cost" title="Cost preview">
              <CostPreview estimate={sampleEstimate(5, 92)} onConfirm={() => undefined} onCancel={() => undefined} />
              <CostPreview estimate={sampleEstimate(30, 92, false, 130_000)} onConfirm={() => undefined} onCancel={() => undefined} />
              <CostPreview estimate={sampleEstimate(120, 92)} onConfirm={() => undefined} onCancel={() => undefined} />
            </Section>
            <Section id="provenance" title="Provenance">
              <ProvenanceBlock series={[...SAMPLE_SERIES, sampleTradeRange(), sampleDerived()]} timeZone="UTC" />
            </Section>
            <Section id="progress" title="Progress">
              <Progress />
            </Section>
            <Section id="connection" title="Connection">
              <ConnectionForm
                initial={{ baseURL: BASE_URL, plan: 'basic' }}
                savedKey={{ hint: 'a1b2', savedAt: '2026-11-19T10:00:00Z' }}
                now={new Date('2026-11-22T14:04:00Z')}
                onSave={(settings) => setSaved(`Saved ${settings.baseURL} on the ${settings.plan} plan.`)}
                onTest={() => { throw SAMPLE_ERRORS.find((e) => e.code === 'authentication')?.error; }}
              />
              {saved ? <Text>{saved}</Text> : null}
            </Section>
            <Section id="states" title="Loading, error and empty states">
              <States />
              <EmptyState title="No saved exports yet" description="Export a series and choose Save to library: it appears here, readable offline." />
            </Section>
            <div className={styles.wide}>
              <Section id="errors" title="Errors, one per code">
                <div className={styles.grid}>
                  {SAMPLE_ERRORS.map(({ code, error }) => (
                    <ErrorMessage key={code} error={error} onRetry={() => undefined} onOpenSettings={() => undefined} context={{ quota: sampleQuota('free', { minuteUsed: 10, dayUsed: 40 }), origin: 'https://localhost:3000' }} />
                  ))}
                </div>
              </Section>
            </div>
          </div>
        </main>
      </EconDataProvider>
    </EconThemeProvider>
  );
}
