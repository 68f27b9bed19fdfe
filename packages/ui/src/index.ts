/** @econdata/ui: the React pieces the Excel add-in and the desktop explorer share. */
export type { EconDataApi, SourceIndicatorsQuery, UiCallOptions } from './data/api.ts';
export { EconDataProvider, useEconData, useOptionalEconData, useDescribeContext, type EconDataProviderProps } from './data/provider.tsx';
export { useSources, useIndicators, useCatalogue, useCountries, useQuota, useQuotaOf, type CatalogueView, type UseIndicatorsOptions } from './data/hooks.ts';
export { useLoad, type LoadState } from './data/use-load.ts';

export { describeError, type DescribeContext, type ErrorAction, type ErrorDescription, type ErrorSurface } from './errors/describe-error.ts';
export { toUiError, isAbort, hasErrorCode, ERROR_CODES, type UiError, type UiErrorCode } from './errors/normalize.ts';
export { ErrorMessage, type ErrorMessageProps } from './errors/ErrorMessage.tsx';
export { EmptyState, type EmptyStateProps } from './EmptyState.tsx';
export { EconThemeProvider, econTokens, type EconThemeProviderProps } from './theme/EconThemeProvider.tsx';

export { SourcePicker, sourceHint, type SourcePickerProps } from './pickers/SourcePicker.tsx';
export { IndicatorBrowser, indicatorDescription, type IndicatorBrowserProps } from './pickers/IndicatorBrowser.tsx';
export { CountryPicker, filterCountries, type CountryPickerProps } from './pickers/CountryPicker.tsx';
export { SeriesBrowser, type SeriesBrowserProps, type SeriesSelection } from './pickers/SeriesBrowser.tsx';
export { SelectedTags, type SelectedTagsProps } from './pickers/SelectedTags.tsx';
export { CheckList, type CheckListItem, type CheckListProps } from './pickers/CheckList.tsx';

export { searchIndicators, type SearchEntry, type SearchOptions } from './search/search-indicators.ts';
export { IndicatorSearch, type IndicatorSearchProps } from './search/IndicatorSearch.tsx';
export { SeriesCard, type SeriesCardProps } from './search/SeriesCard.tsx';
export { SearchQueryBuilder, type SearchQueryBuilderProps } from './search/SearchQueryBuilder.tsx';
export { keyValueMemoryStore, readMemory, type QueryMemory, type QueryMemoryStore } from './search/query-memory.ts';

export { QueryBuilder, type QueryBuilderProps, type QueryKind } from './query/QueryBuilder.tsx';
export { TransformFields, UNITS_CHOICES, type TransformFieldsProps } from './query/TransformFields.tsx';
export { DerivedFields, type DerivedFieldsProps } from './query/DerivedFields.tsx';
export {
  buildIndicatorQueries, buildTradeQuery, buildStockQuery, emptyIndicatorForm, emptyTradeForm, emptyStockForm,
  type BuildResult, type FieldErrors, type IndicatorForm, type StockForm, type TradeForm,
} from './query/build.ts';

export { QuotaMeter, type QuotaMeterProps } from './quota/QuotaMeter.tsx';
export { compactText, queueText, resetText, windowText } from './quota/quota-text.ts';
export { ProgressPanel, progressHint, type ProgressPanelProps } from './progress/ProgressPanel.tsx';
export { ProvenanceBlock, staleText, type ProvenanceBlockProps } from './provenance/ProvenanceBlock.tsx';
export { queryText } from './provenance/query-text.ts';
export { CostPreview, type CostPreviewProps } from './cost/CostPreview.tsx';
export { costWords, type CostWords } from './cost/cost-text.ts';
export { COST_PREVIEW_FREE_REQUESTS, needsCostPreview } from './cost/needs-preview.ts';
export { ConnectionForm, type ConnectionFormProps } from './connection/ConnectionForm.tsx';
export { baseURLMessage, type ConnectionSettings, type SavedKeyInfo } from './connection/settings.ts';
export { formatAge, formatClock, formatCount, formatDateTime, formatDuration } from './format/time.ts';
