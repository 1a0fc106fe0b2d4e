import { afterEach, beforeAll, describe, expect, test } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate } from '@modula/router';
import { MemoryRouter } from '@modula/router/testing';
import { ThemeProvider } from 'styled-components';
import { changeLanguage, registerNamespace, theme } from '@modula/shared';
import { loadTestTranslations } from '@modula/shared/testing';
import en from '../locales/en.json';
import { loadLocale, NAMESPACE } from '../i18n';
import { UnknownAdminPage } from '../pages/unknown-admin-page';

function Navigator() {
  const navigate = useNavigate();
  return <button type="button" onClick={() => navigate('/admin/elsewhere')}>go</button>;
}

beforeAll(async () => {
  await loadTestTranslations(NAMESPACE, en);
  await registerNamespace(NAMESPACE, loadLocale);
});
afterEach(async () => {
  await act(() => changeLanguage('en', { persist: false }));
});

describe('document.title of the admin pages (issue 18)', () => {
  test('set from the heading, again after a navigation, and in the new language', async () => {
    render(
      <ThemeProvider theme={theme}>
        <MemoryRouter initialEntries={['/admin/nothing']}>
          <UnknownAdminPage />
          <Navigator />
        </MemoryRouter>
      </ThemeProvider>,
    );
    expect(document.title).toBe(`${en.unknown.title} · Modula`);
    // The shell resets the title on every navigation; the page sets its own again.
    document.title = 'Modula · default';
    await userEvent.click(screen.getByRole('button', { name: 'go' }));
    expect(document.title).toBe(`${en.unknown.title} · Modula`);
    await act(() => changeLanguage('de', { persist: false }));
    expect(document.title).toBe('Diese Admin-Seite existiert nicht. · Modula');
  });
});
