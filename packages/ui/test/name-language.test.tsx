// @vitest-environment happy-dom
/** Series names in the chosen language: pickers, results and the card ask core's indicatorName. */
import './support/no-animations.ts';
import type { NameLanguage } from '@econdata/core';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { EconDataProvider, EconThemeProvider, IndicatorBrowser, IndicatorSearch, NameLanguageField } from '../src/index.ts';
import { createFakeEconDataApi } from '../src/testing/index.ts';

configure({ asyncUtilTimeout: 10_000 });
afterEach(cleanup);

const VI_YOY = 'Chỉ số giá tiêu dùng: CHỈ SỐ GIÁ TIÊU DÙNG, thay đổi so với cùng tháng năm trước';

function Screen(): ReactNode {
  const [language, setLanguage] = useState<NameLanguage>('en');
  return (
    <EconThemeProvider>
      <EconDataProvider api={createFakeEconDataApi()} timeZone="UTC" nameLanguage={language}>
        <NameLanguageField value={language} onChange={setLanguage} />
        <IndicatorSearch onAdd={() => undefined} />
        <IndicatorBrowser source="GSO" selected={['CPI.TOTAL.YOY']} onChange={() => undefined} />
      </EconDataProvider>
    </EconThemeProvider>
  );
}

describe('series names by language', () => {
  it('shows the Vietnamese names where the service has them, English elsewhere, and switches back', async () => {
    render(<Screen />);
    await screen.findByRole('checkbox', { name: 'Consumer prices: all items, change vs same month of previous year (CPI.TOTAL.YOY)' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Series names' }), { target: { value: 'vi' } });
    await screen.findByRole('checkbox', { name: `${VI_YOY} (CPI.TOTAL.YOY)` });
    expect(screen.getByRole('button', { name: `Remove CPI.TOTAL.YOY (${VI_YOY})` })).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search every source' }), { target: { value: 'CPI.TOTAL.YOY' } });
    const list = await screen.findByRole('listbox', { name: 'Matching indicators' });
    await waitFor(() => expect(within(list).getAllByRole('option')[0]?.textContent).toContain(VI_YOY));
    // The card names it in Vietnamese and still gives the English name.
    const card = screen.getByRole('region', { name: `About ${VI_YOY}` });
    expect(within(card).getByText('In English').nextSibling?.textContent).toBe('Consumer prices: all items, change vs same month of previous year');
    // A World Bank series has no Vietnamese name: its English one stays.
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search every source' }), { target: { value: 'NY.GDP.MKTP.CD' } });
    await waitFor(() => expect(within(screen.getByRole('listbox', { name: 'Matching indicators' })).getAllByRole('option')[0]?.textContent).toContain('GDP (current US$)'));
    expect(within(screen.getByRole('region', { name: 'About GDP (current US$)' })).queryByText('In English')).toBeNull();
    fireEvent.change(screen.getByRole('combobox', { name: 'Series names' }), { target: { value: 'en' } });
    await screen.findByRole('checkbox', { name: 'Consumer prices: all items, change vs same month of previous year (CPI.TOTAL.YOY)' });
  });
});
