import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient, theme } from '@modula/shared';
import { loadTestTranslations } from '@modula/shared/testing';
import en from '../locales/en.json';
import uiEn from '../locales/ui/en.json';
import { NAMESPACE, UI_NAMESPACE } from '../i18n';

export async function loadEnglish(): Promise<void> {
  await loadTestTranslations(NAMESPACE, en);
  await loadTestTranslations(UI_NAMESPACE, uiEn);
}

/**
 * The page's query cache, as createLifecycles provides it (realtime changes patch this one), emptied
 * before each test and without retries, so a failing request shows its error at once.
 */
export function resetQueryCache(): void {
  queryClient.clear();
  queryClient.setDefaultOptions({ queries: { retry: false, refetchInterval: false }, mutations: { retry: 0 } });
}

/** Renders with the providers createLifecycles gives every parcel. */
export function renderWithProviders(element: ReactElement) {
  return render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>{element}</QueryClientProvider>
    </ThemeProvider>,
  );
}

/** A realtime channel double: records the bindings and never delivers anything by itself. */
export function fakeSupabase() {
  const handlers: { table: string; handler: (payload: unknown) => void }[] = [];
  const channel = {
    on(_type: string, filter: { table: string }, handler: (payload: unknown) => void) {
      handlers.push({ table: filter.table, handler });
      return channel;
    },
    subscribe() {
      return channel;
    },
  };
  return {
    handlers,
    client: { channel: () => channel, removeChannel: async () => 'ok' },
    /** Delivers a postgres_changes payload as the server would. */
    emit(table: string, payload: unknown) {
      for (const entry of handlers) if (entry.table === table) entry.handler(payload);
    },
  };
}
