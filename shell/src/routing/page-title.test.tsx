import { beforeAll, describe, expect, it } from '@jest/globals';
import { act, render } from '@testing-library/react';
import { loadTestTranslations } from '@modula/shared/testing';
import { applyDefaultTitle, defaultTitle, usePageTitle } from './page-title';

type Listener = (state: { location: { pathname: string; search: string }; navigation: { state: string } }) => void;

function fakeRouter(pathname: string) {
  const listeners: Listener[] = [];
  return {
    state: { location: { pathname, search: '' } },
    subscribe(listener: Listener) {
      listeners.push(listener);
      return () => undefined;
    },
    go(next: string, navigation = 'idle') {
      for (const listener of listeners) listener({ location: { pathname: next, search: '' }, navigation: { state: navigation } });
    },
  };
}

function Titled({ title }: { title: string }) {
  usePageTitle(title);
  return null;
}

describe('document.title per page', () => {
  beforeAll(async () => {
    await loadTestTranslations('shell', {});
  });

  it('resets to the default title when the address changes, then the page sets its own again', () => {
    const router = fakeRouter('/faq');
    applyDefaultTitle(router);
    render(<Titled title="Frequently asked questions" />);
    expect(document.title).toBe('Frequently asked questions · Modula');
    // A navigation still loading changes nothing yet.
    act(() => router.go('/about', 'loading'));
    expect(document.title).toBe('Frequently asked questions · Modula');
    act(() => router.go('/faq?x=1'));
    // The page re-rendered after the reset and set its title again.
    expect(document.title).toBe('Frequently asked questions · Modula');
  });

  it('has a default title for pages that have none', () => {
    expect(defaultTitle()).toMatch(/^Modula · /);
  });
});
