import { describe, expect, test, beforeAll } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { theme } from '@modula/shared';
import { loadTestTranslations } from '@modula/shared/testing';
import en from './locales/en.json';
import { BILLING_NAMESPACE } from './i18n';
import { PricingTable, planPrice } from './pricing-table';
import type { Plan } from './api';

// The rows of public.plans as the migration seeds them (spec section 6).
const plans: Plan[] = [
  { id: 'free', name: 'Free', price_eur: null, max_listings: 0, listing_kinds: [], profile_level: 'none', analytics_level: 'none', customization_level: 'none', support_level: 'none', consultation: 'none', account_manager: false, community_access: false, sort_order: 0 },
  { id: 'starter', name: 'Starter', price_eur: 50, max_listings: 1, listing_kinds: ['standard'], profile_level: 'basic', analytics_level: 'basic', customization_level: 'none', support_level: 'standard', consultation: 'none', account_manager: false, community_access: true, sort_order: 1 },
  { id: 'entrepreneur', name: 'Entrepreneur', price_eur: 200, max_listings: 5, listing_kinds: ['standard', 'priority'], profile_level: 'enhanced', analytics_level: 'advanced', customization_level: 'feature', support_level: 'enhanced', consultation: 'vendor', account_manager: false, community_access: true, sort_order: 2 },
  { id: 'pro', name: 'Pro', price_eur: 500, max_listings: -1, listing_kinds: ['standard', 'priority', 'featured'], profile_level: 'premium', analytics_level: 'comprehensive', customization_level: 'full', support_level: 'premium', consultation: 'monthly', account_manager: true, community_access: true, sort_order: 3 },
];

beforeAll(() => loadTestTranslations(BILLING_NAMESPACE, en));

const renderTable = (interval: 'month' | 'year', currentPlan: string | null = null) =>
  render(<ThemeProvider theme={theme}><PricingTable plans={plans} interval={interval} currentPlan={currentPlan} /></ThemeProvider>);

const column = (name: string) => screen.getByRole('region', { name });
const value = (plan: string, row: string) => {
  const terms = within(column(plan)).getAllByRole('term');
  const term = terms.find((t) => t.textContent === row)!;
  return term.nextElementSibling?.textContent;
};

describe('the pricing table from the plans data', () => {
  test('four tiers with their monthly prices and listing limits', () => {
    renderTable('month');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Free', 'Starter', 'Entrepreneur', 'Pro']);
    expect(within(column('Starter')).getByText(/€50/)).toBeTruthy();
    expect(within(column('Entrepreneur')).getByText(/€200/)).toBeTruthy();
    expect(within(column('Pro')).getByText(/€500/)).toBeTruthy();
    expect(['Free', 'Starter', 'Entrepreneur', 'Pro'].map((p) => value(p, 'Published listings'))).toEqual(['0', '1', '5', 'Unlimited']);
  });

  test('every feature and level of the tier table', () => {
    renderTable('month');
    expect(value('Pro', 'Listing types')).toBe('Standard, Priority, Featured');
    expect(value('Entrepreneur', 'Listing types')).toBe('Standard, Priority');
    expect(['Free', 'Starter', 'Entrepreneur', 'Pro'].map((p) => value(p, 'Analytics'))).toEqual(['None', 'Basic', 'Advanced', 'Comprehensive']);
    expect(['Free', 'Starter', 'Entrepreneur', 'Pro'].map((p) => value(p, 'Customization'))).toEqual(['None', 'None', 'Feature-level', 'Full']);
    expect(['Free', 'Starter', 'Entrepreneur', 'Pro'].map((p) => value(p, 'Support'))).toEqual(['None', 'Standard', 'Enhanced', 'Premium']);
    expect(value('Entrepreneur', 'Consultation')).toBe('Consultation with our team');
    expect(value('Pro', 'Consultation')).toBe('Monthly consultation');
    expect(['Starter', 'Pro'].map((p) => value(p, 'Account manager'))).toEqual(['No', 'Yes']);
    expect(['Free', 'Starter'].map((p) => value(p, 'Community access'))).toEqual(['No', 'Yes']);
  });

  test('yearly billing costs ten months, and the current plan is marked', () => {
    expect(planPrice(plans[1]!, 'year')).toBe(500);
    renderTable('year', 'entrepreneur');
    expect(within(column('Entrepreneur')).getByText(/€2,000/)).toBeTruthy();
    expect(within(column('Entrepreneur')).getByText('Your current plan')).toBeTruthy();
    expect(within(column('Pro')).queryByText('Your current plan')).toBeNull();
  });
});
