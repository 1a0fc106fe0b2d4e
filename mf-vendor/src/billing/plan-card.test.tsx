import { describe, expect, test, beforeAll, beforeEach, jest } from '@jest/globals';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@modula/router/testing';
import { ThemeProvider } from 'styled-components';
import { QueryClientProvider } from '@tanstack/react-query';
import { theme } from '@modula/shared';
import { createTestQueryClient, loadCommonTranslations, loadTestTranslations, signInForTest } from '@modula/shared/testing';
import en from './locales/en.json';
import type { Invoice, MySubscription } from './api';

jest.mock('./i18n', () => ({ BILLING_NAMESPACE: 'vendor-billing', billingStrings: Promise.resolve() }));

const subscription: { current: MySubscription | null } = { current: null };
const invoices: Invoice[] = [];
const changePlan = jest.fn(async (_plan: string) => ({ ok: true as const }));
const setCancelAtPeriodEnd = jest.fn(async (_cancel: boolean) => ({ ok: true as const }));
const downloadInvoice = jest.fn(async (_invoice: Pick<Invoice, 'id' | 'number'>) => undefined);

jest.mock('./api', () => {
  const { queryOptions } = jest.requireActual<typeof import('@tanstack/react-query')>('@tanstack/react-query');
  return {
    billingQueries: {
      subscription: (userId: string | null) => queryOptions({ queryKey: ['vendor', 'billing', 'subscription', userId], queryFn: async () => subscription.current }),
      invoices: (userId: string | null) => queryOptions({ queryKey: ['vendor', 'billing', 'invoices', userId], queryFn: async () => invoices }),
    },
    changePlan: (plan: string) => changePlan(plan),
    setCancelAtPeriodEnd: (cancel: boolean) => setCancelAtPeriodEnd(cancel),
    openPortal: async () => ({ url: 'https://billing.stripe.com/session' }),
    downloadInvoice: (invoice: Invoice) => downloadInvoice(invoice),
  };
});


// jest.mock on the imported `jest` is not hoisted: the card is required after the mocks are in place.
// oxlint-disable-next-line typescript/no-require-imports
const { PlanCard } = require('./plan-card') as typeof import('./plan-card');

beforeAll(async () => {
  await loadCommonTranslations();
  await loadTestTranslations('vendor-billing', en);
});

beforeEach(() => {
  signInForTest({ userType: 'vendor' });
  subscription.current = null;
  invoices.length = 0;
  changePlan.mockClear();
  setCancelAtPeriodEnd.mockClear();
  downloadInvoice.mockClear();
});

// The card suspends until its strings are registered (React `use`), so it renders inside an awaited act.
async function renderCard() {
  let result: ReturnType<typeof render> | undefined;
  const client = createTestQueryClient();
  await act(async () => {
    result = render(
      <ThemeProvider theme={theme}>
        <QueryClientProvider client={client}>
          <MemoryRouter>
            <PlanCard />
          </MemoryRouter>
        </QueryClientProvider>
      </ThemeProvider>,
    );
  });
  return result!;
}

const paid = (patch: Partial<MySubscription> = {}): MySubscription => ({
  plan: 'entrepreneur', status: 'Active', renewal_date: '2026-12-24T10:00:00Z', cancel_at_period_end: false, pending_plan: null,
  grace_until: null, billing_interval: 'month', provider: 'test', ...patch,
});

describe('the billing section of the dashboard', () => {
  test('a free vendor is sent to the plans', async () => {
    await renderCard();
    expect(await screen.findByText('You are on the free plan. Choose a plan to publish listings.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/pricing');
    expect(screen.getByText('No invoices yet.')).toBeTruthy();
  });

  test('a paying vendor sees the plan, its renewal date, and changes or cancels it', async () => {
    subscription.current = paid();
    await renderCard();
    expect(await screen.findByText('Entrepreneur')).toBeTruthy();
    expect(screen.getByText('Renews on Dec 24, 2026.')).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('New plan'), 'pro');
    await userEvent.click(screen.getByRole('button', { name: 'Change plan' }));
    expect(changePlan).toHaveBeenCalledWith('pro');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel at the end of the period' }));
    expect(setCancelAtPeriodEnd).toHaveBeenCalledWith(true);
    // The test provider has no hosted portal.
    expect(screen.queryByRole('button', { name: 'Manage payment' })).toBeNull();
  });

  test('a pending downgrade, a cancellation and a failed payment are said plainly', async () => {
    subscription.current = paid({ pending_plan: 'starter', cancel_at_period_end: true, provider: 'stripe' });
    const { unmount } = await renderCard();
    expect(await screen.findByText('Cancelled: your plan ends on Dec 24, 2026.')).toBeTruthy();
    expect(screen.getByText('Changes to Starter on Dec 24, 2026.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Keep my plan' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Manage payment' })).toBeTruthy();
    unmount();
    subscription.current = paid({ grace_until: '2026-12-31T10:00:00Z' });
    await renderCard();
    expect((await screen.findByRole('alert')).textContent).toBe('Your last payment failed. Update your card before Dec 31, 2026 to keep your plan.');
  });

  test('invoices are listed and downloaded as PDF', async () => {
    subscription.current = paid();
    invoices.push({
      id: 'inv-1', number: 'MOD-2026-000042', issued_at: '2026-11-24T10:00:00Z', period_start: '2026-11-24T10:00:00Z',
      period_end: '2026-12-24T10:00:00Z', plan: 'entrepreneur', amount_total_cents: 24200, vat_cents: 4200, currency: 'EUR',
    });
    await renderCard();
    const item = (await screen.findByText(/MOD-2026-000042/)).closest('li')!;
    expect(item.textContent).toContain('€242');
    await userEvent.click(within(item).getByRole('button', { name: 'Download invoice MOD-2026-000042 as PDF' }));
    expect(downloadInvoice).toHaveBeenCalledWith(expect.objectContaining({ number: 'MOD-2026-000042' }));
  });
});
