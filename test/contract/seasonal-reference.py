"""
The independent reference for SA=stl and SA=tet (test/contract/seasonal-real-data.test.ts): reads
the real data's CSV files with pandas (not through the sandbox or @econdata/core), rebuilds levels
from rates, takes the stretch of consecutive observations around the asked range, and adjusts it
with statsmodels' STL and, for SA=tet, statsmodels' OLS on the Lunar New Year regressors, as the
issue defines them. Input (stdin): {"data": dir, "cases": [...]}; output (stdout): one result per case.
"""
import json
import sys

import numpy as np
import pandas as pd
import statsmodels.api as sm
from statsmodels.tsa.seasonal import STL

# The first day of the Lunar New Year in Vietnam (UTC+7), from published calendars.
TET = {
    2011: '2011-02-03', 2012: '2012-01-23', 2013: '2013-02-10', 2014: '2014-01-31',
    2015: '2015-02-19', 2016: '2016-02-08', 2017: '2017-01-28', 2018: '2018-02-16',
    2019: '2019-02-05', 2020: '2020-01-25', 2021: '2021-02-12', 2022: '2022-02-01',
    2023: '2023-01-22', 2024: '2024-02-10', 2025: '2025-01-29', 2026: '2026-02-17',
}


def load(data, case):
    df = pd.read_csv(f"{data}/{case['file']}")
    for k, v in case['filter'].items():
        df = df[df[k] == v]
    s = df.set_index('period')[case['column']].astype(float)
    freq = 'Q' if case['frequency'] == 'quarterly' else 'M'
    start, end = (pd.Period(p.replace('-Q', 'Q'), freq=freq) for p in (s.index.min(), s.index.max()))
    full = [f'{p.year}-Q{p.quarter}' if freq == 'Q' else str(p) for p in pd.period_range(start, end, freq=freq)]
    return s.reindex(full)


def stretch(s, lo, hi):
    """The longest run of consecutive non-missing values holding [lo, hi] (periods as text)."""
    ok = s.notna().to_numpy()
    idx = list(s.index)
    inside = [i for i, p in enumerate(idx) if lo <= p <= hi and ok[i]]
    a, b = inside[0], inside[-1]
    assert all(ok[a:b + 1]), 'a gap inside the asked range'
    while a > 0 and ok[a - 1]:
        a -= 1
    while b < len(idx) - 1 and ok[b + 1]:
        b += 1
    return s.iloc[a:b + 1]


def regressors(index, w, v):
    months = pd.PeriodIndex(index, freq='M')
    before = pd.Series(0.0, index=months)
    after = pd.Series(0.0, index=months)
    for d in TET.values():
        day = pd.Timestamp(d)
        for k in range(1, w + 1):
            m = (day - pd.Timedelta(days=k)).to_period('M')
            if m in before.index:
                before[m] += 1 / w
        for k in range(v):
            m = (day + pd.Timedelta(days=k)).to_period('M')
            if m in after.index:
                after[m] += 1 / v
    x = pd.DataFrame({'before': before.to_numpy(), 'after': after.to_numpy()}, index=months)
    return x - x.groupby(months.month).transform('mean')


def adjust(case):
    s = load(case['data'], case)
    s = stretch(s, case['lo'], case['hi'])
    if case.get('level'):
        r = s.to_numpy()
        s = pd.Series(np.cumprod(np.r_[100.0, 1 + r[1:] / 100]), index=s.index)
    y = s.to_numpy()
    mult = bool((y > 0).all())
    x = np.log(y) if mult else y
    period = 4 if case['frequency'] == 'quarterly' else 12
    def seasonal(z):
        return STL(z, period=period, seasonal=case['seasonal'], robust=case['robust']).fit()
    out = {'periods': list(s.index), 'multiplicative': mult}
    if case['tet'] and period == 12:
        first = seasonal(x)
        X = regressors(list(s.index), *case['tet'])
        fit = sm.OLS(np.asarray(first.resid), X.to_numpy()).fit()
        x = x - X.to_numpy() @ fit.params
        out['beta'] = list(fit.params)
        out['t'] = list(fit.tvalues)
    adj = x - np.asarray(seasonal(x).seasonal)
    out['values'] = list(np.exp(adj) if mult else adj)
    return out


request = json.load(sys.stdin)
print(json.dumps([adjust({**c, 'data': request['data']}) for c in request['cases']]))
