import { useEffect } from 'react';
import { useLocation } from '@modula/router';

/**
 * The page's document.title, as the server renders it (src/server/): set after every navigation (the
 * shell first resets the title to its default) and when the text changes, e.g. with the language.
 * Null while the page does not know it yet (its data is loading).
 */
export function useDocumentTitle(title: string | null): void {
  // Subscribes to navigation: every navigation renders again, and every render sets the title again.
  useLocation();
  useEffect(() => {
    if (title) document.title = title;
  });
}

/** "<title> · Modula", the form of every page's title but the home page's. */
export function withSiteName(title: string): string {
  return `${title} · Modula`;
}
