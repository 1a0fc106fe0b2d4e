import { configure, render } from '@testing-library/react';
import { Route, Routes, useLocation } from '@modula/router';
import { MemoryRouter } from '@modula/router/testing';
import { ThemeProvider } from 'styled-components';
import { QueryClientProvider } from '@tanstack/react-query';
import { theme, type ParcelProps } from '@modula/shared';
import { createTestQueryClient, loadCommonTranslations, loadTestTranslations } from '@modula/shared/testing';
import en from '../locales/en.json';
import { VendorRoot } from '../root';
import { NAMESPACE } from '../i18n';

configure({ asyncUtilTimeout: 5000 });

export async function loadEnglish(): Promise<void> {
  await loadCommonTranslations();
  await loadTestTranslations(NAMESPACE, en);
}

/** Shows where the remote navigated to outside its own routes. */
function Elsewhere() {
  const location = useLocation();
  return <p data-testid="elsewhere">{location.pathname}</p>;
}

export function renderVendor(url: string) {
  const props: ParcelProps = { remote: 'mf_vendor', navigate: () => undefined, reportError: () => undefined };
  const client = createTestQueryClient();
  const view = render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[url]}>
          <VendorRoot {...props} />
          <Routes>
            <Route path="/customer-dashboard" element={<Elsewhere />} />
            <Route path="*" element={null} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return { ...view, client };
}
