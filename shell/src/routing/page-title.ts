// document.title per page, in the visitor's language (issue 18). The server renders each public page's
// <title>; in the browser every navigation first gets the default title, then the page that renders
// sets its own (usePageTitle here for shell pages, the remotes' own hooks for theirs), so no page keeps
// the previous page's title.
import { useEffect, useSyncExternalStore } from 'react';
import { i18n } from '@modula/shared';

/** How many times the default title was applied; a shell page sets its own again after each. */
let resets = 0;
const listeners = new Set<() => void>();
function onReset(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const resetCount = () => resets;

/** "Modula · Sustainable modular homes" in the current language. */
export function defaultTitle(): string {
  return `Modula · ${i18n.t('shell:pageTitle', { defaultValue: 'Sustainable modular homes' })}`;
}

export function pageTitle(title: string): string {
  return `${title} · Modula`;
}

interface TitleRouter {
  state: { location: { pathname: string; search: string } };
  subscribe(listener: (state: { location: { pathname: string; search: string }; navigation: { state: string } }) => void): () => void;
}

/** Sets the default title whenever the address changes; the page's own title follows in its effect. */
export function applyDefaultTitle(router: TitleRouter): () => void {
  let last = `${router.state.location.pathname}${router.state.location.search}`;
  return router.subscribe((state) => {
    const next = `${state.location.pathname}${state.location.search}`;
    if (next === last || state.navigation.state !== 'idle') return;
    last = next;
    document.title = defaultTitle();
    resets += 1;
    for (const listener of [...listeners]) listener();
  });
}

/** A shell page's title; set again on every navigation and language change. */
export function usePageTitle(title: string | null): void {
  // Renders again after each reset of the default title; every render sets the page's title again.
  useSyncExternalStore(onReset, resetCount);
  useEffect(() => {
    if (title) document.title = pageTitle(title);
  });
}
