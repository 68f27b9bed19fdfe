/**
 * "Copy as code": the shown series as code a person runs elsewhere. One owner for both apps (the
 * explorer's provenance panel and saved exports, the add-in's blocks); every rule it states is
 * asked of its owner: the request address of core (`requestAddress`), what was fetched for a
 * transform of analysis (`widenQuery`, `parseTransform`, `conversionCounts`, `defaultAggregation`,
 * `seasonalSettings`, `tetDate`),
 * the wide layout's column names of sheets (`layoutSeries`), the formula text of `formula.ts`.
 * The key is never in a snippet: it is read from the environment variable ECONDATA_API_KEY.
 */
import { conversionCounts, defaultAggregation, parseTransform, seasonalSettings, tetDate, widenQuery, type Transform } from '@econdata/analysis';
import { keptMonths, requestAddress, type Frequency, type Series, type SeriesQuery } from '@econdata/core';
import { layoutSeries } from '@econdata/sheets';
import { formulaFor, PRODUCTION_NAMESPACE } from './formula.ts';

export interface CodeSnippets {
  /** The full request address (base URL included, no key). */
  address: string;
  curl: string;
  python: string;
  r: string;
  /** The =ECON.* formula; null for a derived series, whose formula its own panel writes. */
  formula: string | null;
}

/** The variable that holds the key wherever a snippet runs. */
export const KEY_VARIABLE = 'ECONDATA_API_KEY';

const FREQUENCIES: readonly Frequency[] = ['daily', 'monthly', 'quarterly', 'annual'];
/** pandas' period codes ("A" is written through ANNUAL: pandas 2.2 renamed it "Y"). */
const PANDAS_FREQ: Record<Frequency, string> = { daily: 'D', monthly: 'M', quarterly: 'Q', annual: 'ANNUAL' };
const PER_CODE: Record<string, Frequency> = { A: 'annual', Q: 'quarterly', M: 'monthly' };

const py = (text: string): string => JSON.stringify(text);

/** The years whose Lunar New Year dates a Python snippet carries for SA=tet (analysis's calendar); a series outside them is refused by the snippet, naming the year. */
const TET_YEARS: readonly [number, number] = [1990, 2040];

/** The record field and the record filter of each value column, from core's column keys. */
function columnSource(series: Series, key: string): { field: string; where: Record<string, string> } {
  if (series.kind !== 'trade') return { field: key, where: {} };
  const parts = key.split('.');
  const field = parts.pop() ?? 'value';
  const [flow, partner, hs] = parts;
  return { field, where: { ...(flow ? { flow } : {}), ...(partner ? { partner } : {}), ...(hs ? { hs_code: hs } : {}) } };
}

/** The headers of the wide layout (sheets), one per value column, in order. */
function wideHeaders(series: Series): string[] {
  const grid = layoutSeries([series], { provenance: false, orientation: 'wide' });
  const row = grid.rows[grid.regions.header.top] ?? [];
  return grid.columns.flatMap((c, i) => (c.role === 'value' ? [String(row[i]?.v ?? '')] : []));
}

/** The asked range as two dates (the periods kept overlap it), or null where the query sets none. */
function askedDates(q: SeriesQuery): [string | null, string | null] {
  if (q.kind === 'indicator') return [q.start_year !== undefined ? `${q.start_year}-01-01` : null, q.end_year !== undefined ? `${q.end_year}-12-31` : null];
  if (q.kind === 'stock') return [q.start_date ?? null, q.end_date ?? null];
  const m = keptMonths(q) ?? {};
  const from = q.period ?? m.start_period;
  const to = q.period ?? m.end_period;
  return [from ? `${from}-01` : null, to ? `${to}-28` : null];
}

/** The period column of the records: year (or period) for indicators, period for trade, date for stocks. */
function periodLine(kind: Series['kind']): string {
  if (kind === 'stock') return 'records["Period"] = records["date"]';
  if (kind === 'trade') return 'records["Period"] = records["period"]';
  return 'records["Period"] = records["period"] if "period" in records else records["year"].astype(str)';
}

/**
 * The transform's steps in pandas, in analysis's order (SA's span, Level, Per/Agg, SA, Units, MA,
 * Rebase, the asked range, Type, Points), and what pandas here does not reproduce.
 */
function pythonSteps(series: Series, t: Transform, asked: SeriesQuery, headers: string[]): { lines: string[]; notDone: string[] } {
  const lines: string[] = [];
  const notDone: string[] = [];
  const [lo, hi] = askedDates(asked);
  if (t.sa) {
    lines.push('', '# SA uses, in each column, the longest run of consecutive observations holding the asked range (as fetched)',
      'if freq != "D":',
      `    frame = frame.apply(sa_span, lo=${lo ? py(lo) : 'None'}, hi=${hi ? py(hi) : 'None'})`);
  }
  if (t.level) lines.push('', '# Level=pch: the index the % changes chain (100 at the first period with a rate); a gap breaks the chain', 'frame = frame.apply(chain_index)');
  if (t.per) {
    const to = PER_CODE[t.per]!;
    const aggs = series.columns.map((c) => t.agg ?? defaultAggregation(series.kind, c.key));
    // FRED's counts for every conversion to `to`, asked of analysis (the series' own frequency is read from its periods).
    const counts = FREQUENCIES.flatMap((from) => {
      const c = conversionCounts(from, to);
      return c ? [`${py(PANDAS_FREQ[from][0]!)}: (${c.minimum}, ${c.complete ?? 'None'})`] : [];
    });
    lines.push('',
      `# Per=${t.per}${t.agg ? ` Agg=${t.agg}` : ''}: FRED's frequency aggregation. The first and last period of a column need at least`,
      '# the minimum count of values; a sum of months or quarters keeps only complete periods.',
      `COUNTS = {${counts.join(', ')}}  # source frequency -> (minimum, complete)`,
      `AGG = {${headers.map((h, i) => `${py(h)}: ${py(aggs[i] ?? 'avg')}`).join(', ')}}`,
      `frame = convert(frame, ${PANDAS_FREQ[to] === 'ANNUAL' ? 'ANNUAL' : py(PANDAS_FREQ[to])}, AGG, COUNTS)`);
  }
  if (t.sa) {
    const sa = seasonalSettings(t);
    lines.push('',
      `# SA=${t.sa}: statsmodels' STL with Econdata's settings (period 12 or 4, seasonal ${sa.seasonal}, ${sa.robust ? 'robust' : 'not robust'}; trend and low-pass`,
      '# are statsmodels\' defaults, as in Econdata), on natural logarithms when every value is above zero, else additive.',
      ...(sa.tet ? [`# Monthly: the Lunar New Year's effect (the ${sa.tet[0]} days before Tết, the ${sa.tet[1]} days from it) is estimated on STL's`,
        '# remainder by least squares and taken out first (quarterly: STL alone).'] : []),
      `frame = frame.apply(seasonal_adjust, seasonal=${sa.seasonal}, robust=${sa.robust ? 'True' : 'False'}, tet=${sa.tet ? `(${sa.tet[0]}, ${sa.tet[1]})` : 'None'})`);
  }
  if (t.units && t.units !== 'lin') lines.push('', `# Units=${t.units}: FRED's units formula`, `frame = units(frame, ${py(t.units)})`);
  if (t.ma !== undefined) lines.push('', `# MA=${t.ma}: trailing moving average, missing when any of the ${t.ma} periods is missing`, `frame = frame.rolling(${t.ma}).mean()`);
  if (t.rebase) {
    const f = /Q/.test(t.rebase) ? 'Q' : t.rebase.length === 7 ? 'M' : 'ANNUAL';
    lines.push('', `# Rebase=${t.rebase}: 100 at that period (the mean of the values inside it when it is coarser than the data)`,
      `base = frame[frame.index.asfreq(${f === 'ANNUAL' ? f : py(f)}) == pd.Period(${py(t.rebase.replace('-Q', 'Q'))}, freq=${f === 'ANNUAL' ? f : py(f)})].mean()`,
      'frame = frame / base * 100');
  }
  if (lo || hi) {
    lines.push('', '# The asked range (what was fetched reaches further back, for the lags the transform reads)');
    if (lo) lines.push(`frame = frame[frame.index.end_time >= pd.Timestamp(${py(lo)})]`);
    if (hi) lines.push(`frame = frame[frame.index.start_time <= pd.Timestamp(${py(hi)})]`);
  }
  if (t.type) notDone.push(`Type=${t.type} (keep the records whose is_projection is ${t.type === 'A' ? 'false' : 'true'})`);
  if (t.points !== undefined) lines.push('', `# Points=${t.points}: the last ${t.points} periods where a column has a value`, `frame = frame.dropna(how="all").tail(${t.points})`);
  return { lines, notDone };
}

/** Helper functions the steps call, only those used. */
function pythonHelpers(t: Transform): string[] {
  const out: string[] = [];
  if (t.level) {
    out.push('', '', 'def chain_index(s):',
      '    out = pd.Series(np.nan, index=s.index)',
      '    first = s.first_valid_index()',
      '    if first is None:',
      '        return out',
      '    growth = 1 + s.loc[first:] / 100',
      '    growth.iloc[0] = 1.0',
      '    out.loc[first:] = (100 * growth.cumprod()).mask(growth.isna().cumsum() > 0)',
      '    return out');
  }
  if (t.per) {
    out.push('', '', 'def convert(frame, to, agg, counts):',
      '    minimum, complete = counts[frame.index.freqstr[0]]',
      '    columns = {}',
      '    for name in frame:',
      '        s = frame[name].dropna()',
      '        groups = s.groupby(s.index.asfreq(to))',
      '        how = agg[name]',
      '        value = {"avg": groups.mean, "sum": groups.sum, "eop": groups.last, "first": groups.first, "max": groups.max, "min": groups.min}[how]()',
      '        count = groups.count()',
      '        if how == "sum" and complete:',
      '            value = value[count == complete]',
      '        elif len(value):',
      '            edge = (value.index == value.index.min()) | (value.index == value.index.max())',
      '            value = value[~edge | (count >= minimum)]',
      '        columns[name] = value',
      '    out = pd.DataFrame(columns)',
      '    out = out.dropna(how="all")',
      '    return out.reindex(pd.period_range(out.index.min(), out.index.max(), freq=to)) if len(out) else out');
  }
  if (t.sa) {
    out.push('', '', 'def sa_span(s, lo, hi):',
      '    out = s * np.nan',
      '    ok = s.notna().to_numpy()',
      '    if not ok.any():',
      '        return out',
      '    first, last = ok.argmax(), len(ok) - 1 - ok[::-1].argmax()',
      '    inside = [i for i in range(first, last + 1)',
      '              if (lo is None or s.index[i].end_time >= pd.Timestamp(lo)) and (hi is None or s.index[i].start_time <= pd.Timestamp(hi))]',
      '    if not inside:',
      '        return out',
      '    a, b = inside[0], inside[-1]',
      '    if not ok[a:b + 1].all():',
      '        raise ValueError(f"SA needs consecutive observations: {s.name} has a gap inside the asked range")',
      '    while a > first and ok[a - 1]:',
      '        a -= 1',
      '    while b < last and ok[b + 1]:',
      '        b += 1',
      '    out.iloc[a:b + 1] = s.iloc[a:b + 1]',
      '    return out',
      '',
      '',
      'def seasonal_adjust(s, seasonal, robust, tet):',
      '    out = s * np.nan',
      '    ok = s.notna().to_numpy()',
      '    if not ok.any():',
      '        return out',
      '    run = s.iloc[ok.argmax():len(ok) - ok[::-1].argmax()]',
      '    if run.isna().any():',
      '        raise ValueError(f"SA needs consecutive observations: {s.name} has a gap")',
      '    period = {"M": 12, "Q": 4}[s.index.freqstr[0]]',
      '    if len(run) < 3 * period:',
      '        raise ValueError(f"SA needs at least three years of consecutive observations; {s.name} has {len(run)}")',
      '    y = run.to_numpy(dtype=float)',
      '    multiplicative = bool((y > 0).all())',
      '    x = np.log(y) if multiplicative else y',
      '    fit = lambda z: STL(z, period=period, seasonal=seasonal, robust=robust).fit()',
      '    if tet is not None and period == 12:',
      '        regressors = tet_regressors(run.index, *tet)',
      '        beta = np.linalg.lstsq(regressors, np.asarray(fit(x).resid), rcond=None)[0]',
      '        x = x - regressors @ beta',
      '    adjusted = x - np.asarray(fit(x).seasonal)',
      '    out.loc[run.index] = np.exp(adjusted) if multiplicative else adjusted',
      '    return out');
    if (t.sa === 'tet') {
      const years: string[] = [];
      for (let y = TET_YEARS[0]; y <= TET_YEARS[1]; y++) years.push(`${y}: ${py(tetDate(y))}`);
      const rows: string[] = [];
      for (let i = 0; i < years.length; i += 5) rows.push(`    ${years.slice(i, i + 5).join(', ')},`);
      out.push('', '',
        "# The first day of the Lunar New Year in Vietnam (Vietnam's calendar, UTC+7), as Econdata computes it.",
        'TET = {', ...rows, '}',
        '',
        '',
        'def tet_regressors(months, w, v):',
        '    # Days of each window falling in a month, over the window\'s length, centred on each calendar month\'s mean.',
        '    before = pd.Series(0.0, index=months)',
        '    after = pd.Series(0.0, index=months)',
        '    for year in range(months[0].year, months[-1].year + 2):',
        '        if year not in TET:',
        '            raise ValueError(f"no Lunar New Year date for {year} here: add it to TET")',
        '        day = pd.Timestamp(TET[year])',
        '        for k in range(1, w + 1):',
        '            m = (day - pd.Timedelta(days=k)).to_period("M")',
        '            if m in before.index:',
        '                before[m] += 1 / w',
        '        for k in range(v):',
        '            m = (day + pd.Timedelta(days=k)).to_period("M")',
        '            if m in after.index:',
        '                after[m] += 1 / v',
        '    x = pd.DataFrame({"before": before, "after": after})',
        '    return (x - x.groupby(months.month).transform("mean")).to_numpy()');
    }
  }
  if (t.units && t.units !== 'lin') {
    out.push('', '', 'def units(x, code):',
      '    f = x.index.freqstr[0]',
      '    n = {"A": 1, "Y": 1, "Q": 4, "M": 12, "D": 260}[f]',
      '    if f == "D":  # a year back: the last observation on or before the same date a year earlier',
      '        dates = x.index.to_timestamp()',
      '        year_ago = pd.DataFrame(x.set_axis(dates).reindex(dates - pd.DateOffset(years=1), method="ffill").to_numpy(), index=x.index, columns=x.columns)',
      '    else:',
      '        year_ago = x.shift(n)',
      '    pos = lambda v: v.where(v > 0)',
      '    prev = x.shift(1)',
      '    return {',
      '        "chg": lambda: x - prev,',
      '        "ch1": lambda: x - year_ago,',
      '        "pch": lambda: (x / pos(prev) - 1) * 100,',
      '        "pc1": lambda: (x / pos(year_ago) - 1) * 100,',
      '        "pca": lambda: ((x.where(x >= 0) / pos(prev)) ** n - 1) * 100,',
      '        "cch": lambda: (np.log(pos(x)) - np.log(pos(prev))) * 100,',
      '        "cca": lambda: (np.log(pos(x)) - np.log(pos(prev))) * 100 * n,',
      '        "log": lambda: np.log(pos(x)),',
      '    }[code]()');
  }
  return out;
}

/**
 * The snippets of a shown series: `series` as the app shows it (its provenance holds the asked
 * query and the canonical transform), `baseURL` the connection's service address, `namespace` the
 * custom functions' namespace the formula is written with (the add-in passes its build's).
 * @example codeSnippets(shown, 'https://api.example.com').curl // 'curl -H "Authorization: Bearer $ECONDATA_API_KEY" "https://api.example.com/api/v1/indicators?..."'
 */
export function codeSnippets(series: Series, baseURL: string, namespace: string = PRODUCTION_NAMESPACE): CodeSnippets {
  const p = series.provenance;
  const asked = p.query;
  const text = p.transform ?? '';
  // A second transform over the first (`A | B`) or a derived series is said, not re-stated.
  const chained = text.includes('|');
  const t: Transform = text && !chained ? parseTransform(text) : {};
  const fetched = text && !chained ? widenQuery(asked, t) : asked;
  const address = requestAddress(baseURL, fetched);
  const headers = wideHeaders(series);
  const derived = p.derivation !== undefined;

  const curl = `curl -H "Authorization: Bearer $${KEY_VARIABLE}" "${address}"`;

  const steps = pythonSteps(series, t, text ? asked : fetched, headers);
  const notDone = [...steps.notDone, ...(chained ? [`the chained transform ${text}`] : []), ...(derived ? [`the derived series ${p.derivation!.expression} (this is operand a's request)`] : [])];
  const columnLines = series.columns.map((c, i) => {
    const { field, where } = columnSource(series, c.key);
    const filter = Object.entries(where).map(([k, v]) => `, ${k}=${py(v)}`).join('');
    return `    ${py(headers[i] ?? c.label)}: column(${py(field)}${filter}),`;
  });
  const python = [
    `# ${series.title}${text ? ` (${text})` : ''}, as Econdata shows it: a DataFrame in the wide layout`,
    `# (periods down, one column per series column). Needs requests${t.sa ? ', pandas and statsmodels' : ' and pandas'}; the key in ${KEY_VARIABLE}.`,
    ...(notDone.length ? [`# Not reproduced here: ${notDone.join('; ')}.`] : []),
    'import os',
    '',
    'import numpy as np',
    'import pandas as pd',
    'import requests',
    ...(t.sa ? ['from statsmodels.tsa.seasonal import STL'] : []),
    '',
    `URL = ${py(address)}`,
    `answer = requests.get(URL, headers={"Authorization": "Bearer " + os.environ[${py(KEY_VARIABLE)}]}, timeout=60)`,
    'answer.raise_for_status()',
    'records = pd.DataFrame(answer.json()["data"])',
    'ANNUAL = "Y" if tuple(int(x) for x in pd.__version__.split(".")[:2]) >= (2, 2) else "A"',
    ...pythonHelpers(t),
    '',
    '',
    'def column(field, **where):',
    '    rows = records',
    '    for name, value in where.items():',
    '        rows = rows[rows[name] == value]',
    '    return rows.set_index("Period")[field].astype(float)',
    '',
    '',
    periodLine(series.kind),
    'frame = pd.DataFrame({',
    ...columnLines,
    '})',
    'first = frame.index[0]',
    'freq = "Q" if "Q" in first else "D" if len(first) == 10 else "M" if len(first) == 7 else ANNUAL',
    'frame.index = pd.PeriodIndex([p.replace("-Q", "Q") for p in frame.index], freq=freq)',
    // Lags and windows are calendar steps: every period from the first to the last is on the axis (daily: observations).
    ...(text && !chained ? ['if freq != "D":', '    frame = frame.reindex(pd.period_range(frame.index.min(), frame.index.max(), freq=freq))'] : []),
    ...steps.lines,
    '',
    '# Back to the layout\'s period labels: 2020, 2020-Q1, 2020-03, 2020-03-31',
    'frame.index = pd.Index([str(p).replace("Q", "-Q") for p in frame.index], name="Period")',
    'print(frame)',
  ].join('\n');

  const r = [
    `# ${series.title}, as a data frame (periods down). Needs httr2; the key in ${KEY_VARIABLE}.`,
    ...(text ? [`# The transform ${text} is not applied here: the Python snippet applies it with pandas.`] : []),
    'library(httr2)',
    `resp <- request(${py(address)}) |>`,
    `  req_headers(Authorization = paste("Bearer", Sys.getenv(${py(KEY_VARIABLE)}))) |>`,
    '  req_perform()',
    'records <- resp_body_json(resp, simplifyVector = TRUE)$data',
    series.kind === 'stock' ? 'period <- records$date'
      : series.kind === 'trade' ? 'period <- records$period'
        : 'period <- if (!is.null(records$period)) records$period else as.character(records$year)',
    series.kind === 'trade'
      ? `frame <- data.frame(Period = period, Flow = records$flow, value = records$value, ytd_value = records$ytd_value)`
      // Transformed headers would name values this snippet does not transform: then the record fields name them.
      : `frame <- data.frame(Period = period, ${series.columns.map((c, i) => `${py(text ? columnSource(series, c.key).field : headers[i] ?? c.label)} = records$${columnSource(series, c.key).field}`).join(', ')}, check.names = FALSE)`,
    'print(frame)',
  ].join('\n');

  return { address, curl, python, r, formula: derived ? null : formulaFor(namespace, asked, text && !chained ? text : undefined) };
}
