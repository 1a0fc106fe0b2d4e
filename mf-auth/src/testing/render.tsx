import { jest } from '@jest/globals';
import { configure, render } from '@testing-library/react';
import { MemoryRouter } from '@modula/router/testing';
import { ThemeProvider } from 'styled-components';
import { theme, type ParcelProps } from '@modula/shared';
import { loadCommonTranslations, loadTestTranslations } from '@modula/shared/testing';
import en from '../locales/en.json';
import { AuthRoot } from '../root';
import { NAMESPACE } from '../i18n';

// The machine is shared with other builds and tests: give async queries room instead of flaking at 1 s.
configure({ asyncUtilTimeout: 5000 });

/** The auth strings and the shared ones (the form messages of the schemas) in English. */
export async function loadEnglish(): Promise<void> {
  await loadCommonTranslations();
  await loadTestTranslations(NAMESPACE, en);
}

/** Renders the remote at a URL the way the shell mounts it, with a navigate the test can inspect. */
export function renderAuth(url: string, options: { state?: unknown } = {}) {
  const navigate = jest.fn<ParcelProps['navigate']>();
  const props: ParcelProps = { remote: 'mf_auth', navigate, reportError: () => undefined };
  const view = render(
    <ThemeProvider theme={theme}>
      <MemoryRouter initialEntries={[{ pathname: url.split('?')[0]!, search: url.includes('?') ? `?${url.split('?')[1]}` : '', state: options.state }]}>
        <AuthRoot {...props} />
      </MemoryRouter>
    </ThemeProvider>,
  );
  return { ...view, navigate };
}

/** An error shaped like supabase-js's AuthApiError (name, message, status, code). */
export function authError(status: number, code: string | undefined, message: string, extra: Record<string, unknown> = {}): Error {
  return Object.assign(new Error(message), { name: 'AuthApiError', status, code, ...extra });
}
