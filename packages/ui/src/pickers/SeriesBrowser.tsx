/** Source -> indicators -> countries in one piece: the browse half of the indicator query. */
import { makeStyles, tokens } from '@fluentui/react-components';
import { useCallback, type ReactNode } from 'react';
import { CountryPicker } from './CountryPicker.tsx';
import { IndicatorBrowser } from './IndicatorBrowser.tsx';
import { SourcePicker } from './SourcePicker.tsx';

/** What a SeriesBrowser selects. */
export interface SeriesSelection {
  source: string;
  indicators: string[];
  countries: string[];
}

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  // Indicators and countries side by side from ~500 px of container width, stacked below.
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 240px), 1fr))', gap: tokens.spacingHorizontalL, alignItems: 'start', '& > *': { minWidth: 0 } },
});

export interface SeriesBrowserProps {
  value: SeriesSelection;
  onChange(value: SeriesSelection): void;
  /** Validation messages for the indicator and country lists (from the QueryBuilder). */
  errors?: { indicators?: string; countries?: string };
}

/**
 * A source picker, its indicators and the countries. GSO covers Viet Nam only, so it has no
 * country list; a new source clears the indicators (the old codes do not exist there).
 */
export function SeriesBrowser({ value, onChange, errors = {} }: SeriesBrowserProps): ReactNode {
  const styles = useStyles();
  const setSource = useCallback((source: string) => onChange({ ...value, source, indicators: [] }), [value, onChange]);
  return (
    <div className={styles.root}>
      <SourcePicker value={value.source || undefined} onChange={setSource} />
      <div className={styles.grid}>
        <IndicatorBrowser source={value.source || undefined} selected={value.indicators} onChange={(indicators) => onChange({ ...value, indicators })} {...(errors.indicators ? { validationMessage: errors.indicators } : {})} />
        {value.source === 'GSO' ? null : (
          <CountryPicker selected={value.countries} onChange={(countries) => onChange({ ...value, countries })} {...(errors.countries ? { validationMessage: errors.countries } : {})} />
        )}
      </div>
    </div>
  );
}
