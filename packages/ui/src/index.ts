/** @econdata/ui: the React pieces the Excel add-in and the desktop explorer share. */
export type { EconDataApi, SourceIndicatorsQuery, UiCallOptions } from './data/api.ts';
export { EconDataProvider, useEconData, useDescribeContext, useNameLanguage } from './data/provider.tsx';
export { NameLanguageField } from './settings/NameLanguageField.tsx';
export { createConnectionWatch, watchApi, outcomeOf, type ConnectionWatch } from './connection-state/connection-watch.ts';
export { useSources, useIndicators, useCountries, useQuota } from './data/hooks.ts';
/** @public The catalogue for the apps' search screens (README), not called by an app yet. */
export { useCatalogue, type CatalogueView } from './data/hooks.ts';

export { describeError, type DescribeContext, type ErrorDescription } from './errors/describe-error.ts';
export { toUiError, hasErrorCode, ERROR_CODES } from './errors/normalize.ts';
export { ERROR_ADVICE } from './errors/advice.ts';
export { ErrorMessage, type ErrorMessageProps } from './errors/ErrorMessage.tsx';
export { EmptyState } from './EmptyState.tsx';
export { EconThemeProvider } from './theme/EconThemeProvider.tsx';

export { SourcePicker } from './pickers/SourcePicker.tsx';
export { IndicatorBrowser } from './pickers/IndicatorBrowser.tsx';
export { CountryPicker } from './pickers/CountryPicker.tsx';
export { filterCountries } from './pickers/countries.ts';
export { SeriesBrowser, type SeriesSelection } from './pickers/SeriesBrowser.tsx';

export { searchIndicators, type SearchEntry } from './search/search-indicators.ts';
export { IndicatorSearch } from './search/IndicatorSearch.tsx';
export { SearchQueryBuilder } from './search/SearchQueryBuilder.tsx';
export { keyValueMemoryStore } from './search/query-memory.ts';

export { QueryBuilder, type QueryKind } from './query/QueryBuilder.tsx';
export { TransformFields } from './query/TransformFields.tsx';
export { DerivedFields } from './query/DerivedFields.tsx';
export { buildIndicatorQueries, buildTradeQuery, buildStockQuery, emptyIndicatorForm, emptyTradeForm, emptyStockForm } from './query/build.ts';

export { QuotaMeter } from './quota/QuotaMeter.tsx';
export { compactText } from './quota/quota-text.ts';
export { ProgressPanel } from './progress/ProgressPanel.tsx';
export { ProvenanceBlock } from './provenance/ProvenanceBlock.tsx';
export { CopyAsCode } from './code/CopyAsCode.tsx';
export { periodsAsked, queryText, queryWords } from './provenance/query-text.ts';
export { sourceLine } from './provenance/source-line.ts';
export { CostPreview } from './cost/CostPreview.tsx';
export { costWords } from './cost/cost-text.ts';
export { COST_PREVIEW_FREE_REQUESTS, needsCostPreview } from './cost/needs-preview.ts';
export { ConnectionForm } from './connection/ConnectionForm.tsx';
export { type ConnectionSettings } from './connection/settings.ts';
export { formatDateTime } from './format/time.ts';
export { distinctLabels, sharedName } from './labels/distinct-labels.ts';
export { codeSnippets } from './code/snippets.ts';
export { derivedFormulaText, formulaFor, formulasFor } from './code/formula.ts';
