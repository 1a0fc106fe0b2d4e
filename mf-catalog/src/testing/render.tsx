import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Route, Routes, useLocation } from '@modula/router';
import { MemoryRouter } from '@modula/router/testing';
import { ThemeProvider } from 'styled-components';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { theme } from '@modula/shared';
import { createTestQueryClient, loadCommonTranslations, loadTestTranslations } from '@modula/shared/testing';
import en from '../locales/en.json';
import { NAMESPACE } from '../i18n';
import type { ListingSummary } from '../services/types';

/** The catalogue's strings and the shared ones (the form messages of the schemas) in English. */
export async function loadEnglish(): Promise<void> {
  await loadCommonTranslations();
  await loadTestTranslations(NAMESPACE, en);
}

/** The current location, rendered so tests can read where a link or filter led. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/**
 * Renders `ui` as the remote's lifecycles would (theme, a query cache, a router at `url`). Each call
 * gets its own query cache (no retries), returned as `queryClient` for tests that look into it.
 */
export function renderWithProviders(
  ui: ReactElement,
  { url = '/', path, queryClient = createTestQueryClient() }: { url?: string; path?: string; queryClient?: QueryClient } = {},
) {
  const result = render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[url]}>
          {path ? (
            <Routes>
              <Route path={path} element={ui} />
              <Route path="*" element={null} />
            </Routes>
          ) : (
            ui
          )}
          <LocationProbe />
        </MemoryRouter>
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return { ...result, queryClient };
}

let counter = 0;

/** A published listing as the REST API returns it; override what the test is about. */
export function makeListing(overrides: Partial<ListingSummary> = {}): ListingSummary {
  counter += 1;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    listing_type: 'property',
    space_type: 'modular_home',
    category_id: 'c1',
    vendor_id: 'v1',
    title: `Timber house ${counter}`,
    price: 125000,
    price_unit: 'total',
    location: 'Utrecht, Netherlands',
    country: 'NL',
    bedrooms: 3,
    bathrooms: 2,
    size: 1200,
    size_unit: 'sqft',
    images: ['v1/l1/1.webp'],
    featured: false,
    sponsored: false,
    sponsored_until: null,
    sponsor_priority: 0,
    shipping_type: 'worldwide',
    shipping_continents: [],
    shipping_countries: [],
    free_shipping: false,
    published_at: '2026-11-01T10:00:00Z',
    ...overrides,
  };
}
