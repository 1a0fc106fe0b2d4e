import { describe, expect, test, beforeAll, beforeEach, afterEach, jest } from '@jest/globals';
import { render, screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@modula/router';
import { MemoryRouter } from '@modula/router/testing';
import { ThemeProvider } from 'styled-components';
import { QueryClientProvider } from '@tanstack/react-query';
import { theme } from '@modula/shared';
import { createTestQueryClient, loadTestTranslations } from '@modula/shared/testing';
import en from '../locales/en.json';
import { NAMESPACE } from '../i18n';
import type { Analytics, Figures } from '../services/types';
import type { Period } from './period';
import { presetPeriod, previousPeriod } from './period';

jest.mock('../services/api', () => ({
  fetchAnalytics: jest.fn(),
  useAuth: jest.fn(),
}));
// uPlot draws on a canvas, which jsdom does not have; the chart's own behaviour is checked in the browser (e2e).
jest.mock('./line-chart', () => ({
  LineChart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

const api = jest.requireMock<{ fetchAnalytics: jest.Mock<(period: Period) => Promise<Analytics>> }>('../services/api');
const { AnalyticsPage } = jest.requireActual<typeof import('./analytics-page')>('./analytics-page');

const zero: Figures = {
  visitors: 0, sessions: 0, searches: 0, listing_views: 0, contacts: 0, signups_customer: 0, signups_vendor: 0,
  customers_total: 0, vendors_total: 0, meetings_requested: 0, meetings_confirmed: 0, orders: 0, order_value: 0, ad_spend: 0,
};

function analyticsFor(period: Period, scale: number): Analytics {
  return {
    period,
    previous_period: previousPeriod(period),
    current: { ...zero, visitors: 1200 * scale, customers_total: 340, vendors_total: 25, searches: 80 * scale, order_value: 89000 },
    previous: { ...zero, visitors: 1000 * scale, customers_total: 300, vendors_total: 25, searches: 0 },
    published_listings: { property: 12, service: 3 },
    subscriptions: [{ plan: 'starter', name: 'Starter', count: 2, mrr: 100 }, { plan: 'pro', name: 'Pro', count: 1, mrr: 500 }],
    subscriptions_series: [{ day: period.end, plans: { starter: 2, pro: 1 } }],
    daily: [{ day: period.end, visitors: 40, sessions: 44, contacts: 2, signups: 1 }],
    funnel: { view_item: 200, contact_vendor: 20, meeting: 5, order: 1 },
    top_searches: [{ term: 'tiny house', searches: 12, zero_results: 3 }, { term: '=cmd, "x"', searches: 2, zero_results: 2 }],
    top_listings: [{ id: 'l1', title: 'Alpine A-frame', vendor: 'Alpha Modular', kind: 'property', views: 90, contacts: 4 }],
    top_vendors: [{ id: 'c1', name: 'Alpha Modular', views: 90, contacts: 4 }],
    languages: [{ key: 'de', visitors: 30 }, { key: 'unknown', visitors: 10 }],
    countries: [{ key: 'DE', visitors: 25 }],
    rolled_until: period.end,
  };
}

function renderPage(url: string) {
  return render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={createTestQueryClient()}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/admin/analytics" element={<AnalyticsPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

const figure = (name: string) => screen.getByRole('heading', { name, level: 3 }).closest('li') as HTMLElement;

// Typing dates and rendering the whole report take a few seconds on a busy machine.
jest.setTimeout(20_000);

beforeAll(() => loadTestTranslations(NAMESPACE, en));
beforeEach(() => {
  api.fetchAnalytics.mockImplementation(async (period) => analyticsFor(period, period.start === presetPeriod('7d').start ? 1 : 2));
});
afterEach(() => {
  jest.clearAllMocks();
});

describe('/admin/analytics', () => {
  test('shows the headline figures of the period with the change from the previous period', async () => {
    renderPage('/admin/analytics?period=7d');
    expect(await screen.findByRole('heading', { name: 'Analytics', level: 1 })).toBeTruthy();
    await screen.findByText('1,200');
    expect(api.fetchAnalytics).toHaveBeenCalledWith(presetPeriod('7d'));
    expect(within(figure('Visitors')).getByText('+20% vs previous period')).toBeTruthy();
    expect(within(figure('Customers')).getByText('340')).toBeTruthy();
    expect(within(figure('Vendors')).getByText('0% vs previous period')).toBeTruthy();
    expect(within(figure('Searches')).getByText('None in the previous period')).toBeTruthy();
    expect(within(figure('Order value')).getByText('€89,000')).toBeTruthy();
    expect(within(figure('Monthly recurring revenue')).getByText('€600')).toBeTruthy();
    expect(screen.getByRole('img', { name: /Line chart of daily visitors/ })).toBeTruthy();
    expect(screen.getByRole('radio', { name: '7 days' })).toHaveProperty('checked', true);
  });

  test('another period loads its own figures', async () => {
    const user = userEvent.setup();
    renderPage('/admin/analytics?period=7d');
    await screen.findByText('1,200');
    await user.click(screen.getByRole('radio', { name: '30 days' }));
    await screen.findByText('2,400');
    expect(api.fetchAnalytics).toHaveBeenLastCalledWith(presetPeriod('30d'));
  });

  test('a custom range is checked before it is asked for', async () => {
    const user = userEvent.setup();
    renderPage('/admin/analytics');
    await screen.findByText('2,400');
    await user.click(screen.getByRole('radio', { name: 'Custom' }));
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await user.clear(from);
    await user.type(from, '2026-11-10');
    await user.clear(to);
    await user.type(to, '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert').textContent).toBe('The end date must be on or after the start date.');
    expect(api.fetchAnalytics).toHaveBeenCalledTimes(1);
    await user.clear(to);
    await user.type(to, '2026-11-12');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(api.fetchAnalytics).toHaveBeenLastCalledWith({ start: '2026-11-10', end: '2026-11-12' }));
  });

  test('a table downloads as CSV with raw values, in the order shown', async () => {
    const user = userEvent.setup();
    const blobs: Blob[] = [];
    const createObjectURL = jest.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:csv';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderPage('/admin/analytics?period=7d');
    await screen.findByText('tiny house');
    await user.click(screen.getByRole('button', { name: 'Download CSV – Top 20 searches' }));
    expect(click).toHaveBeenCalledTimes(1);
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe(`modula-${presetPeriod('7d').start}-${presetPeriod('7d').end}-searches.csv`);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0]!);
    });
    // The byte order mark is there (3 bytes more than the text); reading as UTF-8 drops it.
    expect(blobs[0]!.size).toBe(new Blob([text]).size + 3);
    expect(blobs[0]!.type).toBe('text/csv;charset=utf-8');
    expect(text).toBe('Search,Searches,No results\r\ntiny house,12,3\r\n"\'=cmd, ""x""",2,2\r\n');
    click.mockRestore();
  });

  test('a failed first load says so and can be retried', async () => {
    const user = userEvent.setup();
    api.fetchAnalytics.mockRejectedValueOnce(new Error('Admin permissions required'));
    renderPage('/admin/analytics?period=7d');
    expect((await screen.findByRole('alert')).textContent).toContain('The figures could not be loaded.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('1,200');
  });
});
