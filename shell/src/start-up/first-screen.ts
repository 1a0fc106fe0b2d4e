// The first screen the server rendered into index.html (issue 18, backend/src/static/render/): React's
// first render clears #root, so the element is remembered here before it, and the layout puts it back
// over the page (shell/src/layout/first-screen.tsx) until the app's own page is ready.
export const FIRST_SCREEN_ID = 'modula-first-screen';

let captured: HTMLElement | null = null;

/** Called by bootstrap before the first render. */
export function captureFirstScreen(doc: Document = document): HTMLElement | null {
  captured = doc.getElementById(FIRST_SCREEN_ID);
  return captured;
}

export function capturedFirstScreen(): HTMLElement | null {
  return captured;
}

/** Once the app's page has replaced it: it is never shown again (a later page is the app's from the start). */
export function releaseFirstScreen(): void {
  captured?.remove();
  captured = null;
}

/**
 * Whether the app's page is in place in `main` (outside `cover`): its heading is rendered and nothing
 * in it is still loading (aria-busy, which the remotes' skeletons carry).
 */
export function pageReady(main: Element, cover: Element): boolean {
  const outside = (element: Element) => !cover.contains(element);
  const headings = [...main.querySelectorAll('h1')].filter(outside);
  const busy = [...main.querySelectorAll('[aria-busy="true"]')].filter(outside);
  return headings.length > 0 && busy.length === 0;
}
