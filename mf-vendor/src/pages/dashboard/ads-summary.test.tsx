import { beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from '@modula/router/testing';
import { ThemeProvider } from 'styled-components';
import { QueryClientProvider } from '@tanstack/react-query';
import type { Mocked } from 'jest-mock';
import { theme } from '@modula/shared';
import { createTestQueryClient } from '@modula/shared/testing';
import { loadEnglish } from '../../testing/render';
import * as ads from '../../ads/api';
import { monthStart, type CampaignRow } from '../../ads/figures';
import { AdsSummary } from './ads-summary';

jest.mock('../../ads/api', () => {
  const actual = jest.requireActual<typeof import('../../ads/api')>('../../ads/api');
  return { ...actual, fetchCampaigns: jest.fn(), fetchReport: jest.fn() };
});
const mocked = ads as Mocked<typeof ads>;

const campaign: CampaignRow = {
  id: 'c1', name: 'Spring cabins', kind: 'ppc', listing_id: 'l1', budget: '20.00', click_rate: '0.50', clicks: 7, spent: '3.50',
  active: true, paused: false, ended_at: null, starts_at: '2020-01-01T00:00:00Z', ends_at: '2999-01-01T00:00:00Z', priority: 1,
  featured: false, sponsored_until: null, budget_reached_at: null, created_at: '2020-01-01T00:00:00Z',
};

function renderCard() {
  return render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={createTestQueryClient()}>
        <MemoryRouter>
          <AdsSummary companyId="company-1" />
        </MemoryRouter>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

beforeAll(loadEnglish);
beforeEach(() => {
  jest.clearAllMocks();
});

describe('the dashboard\'s advertising card (issue 16)', () => {
  test('shows active campaigns and this month\'s spend, clicks and leads from the ledger report, with the link', async () => {
    const today = new Date().toISOString().slice(0, 10);
    mocked.fetchCampaigns.mockResolvedValue([campaign]);
    mocked.fetchReport.mockResolvedValue([{ campaign_id: 'c1', day: today, impressions: '80', clicks: '7', invalid_clicks: '2', spent: '3.50', leads: '2' }]);
    renderCard();
    const card = screen.getByRole('region', { name: 'Advertising' });
    expect(await within(card).findByText('€3.50')).toBeTruthy();
    expect(mocked.fetchReport).toHaveBeenCalledWith(monthStart());
    const figure = (label: string) => within(card).getByText(label).nextElementSibling?.textContent;
    expect(figure('Active campaigns')).toBe('1');
    expect(figure('Clicks')).toBe('7');
    expect(figure('Leads')).toBe('2');
    expect(within(card).getByRole('link', { name: 'Open the advertising dashboard' }).getAttribute('href')).toBe('/advertising-dashboard');
  });

  test('without campaigns it invites the vendor to advertise', async () => {
    mocked.fetchCampaigns.mockResolvedValue([]);
    mocked.fetchReport.mockResolvedValue([]);
    renderCard();
    expect(await screen.findByText('No campaigns yet. Promote a published listing to reach more buyers.')).toBeTruthy();
  });
});
