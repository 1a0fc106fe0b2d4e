import { StrictMode } from 'react';
import { RouterProvider } from '@modula/router';
import { ThemeProvider } from 'styled-components';
import { GlobalStyle, theme, Toaster } from '@modula/shared';
import type { createBrowserRouter } from '@modula/router';
import { BetaGate } from './beta/beta-gate';
import { useBeta } from './beta/beta-store';

/** The gate stands in front of the whole app (router, remotes, slots) until beta access is granted. */
export function App({ router }: { router: ReturnType<typeof createBrowserRouter> }) {
  const beta = useBeta((state) => state.status);
  return (
    <StrictMode>
      <ThemeProvider theme={theme}>
        <GlobalStyle />
        {beta === 'open' ? (
          <RouterProvider router={router} />
        ) : (
          <>
            <BetaGate />
            <Toaster />
          </>
        )}
      </ThemeProvider>
    </StrictMode>
  );
}
