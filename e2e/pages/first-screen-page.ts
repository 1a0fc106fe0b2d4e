import type { Locator, Page } from '@playwright/test';

export interface Measured {
  cls: number;
  shifts: number;
  frames: number;
  gaps: number;
  seen: boolean;
  /** What moved in each layout shift. */
  sources: string[];
}

/**
 * The server-rendered first screen (backend/src/static/render/) and what a page measures while the app
 * takes it over: layout shifts (PerformanceObserver 'layout-shift') and frames in which neither the
 * first screen nor the app's page was on screen.
 */
export class FirstScreenPage {
  readonly page: Page;
  /** The first screen as the HTML carries it (without JavaScript it is the page). */
  readonly screen: Locator;
  readonly heading: Locator;
  constructor(page: Page) {
    this.page = page;
    this.screen = page.locator('#modula-first-screen');
    this.heading = this.screen.getByRole('heading', { level: 1 });
  }

  /** Call before the first navigation: installs the observers in every document of the page. */
  async measure(): Promise<void> {
    await this.page.addInitScript(() => {
      const state = { cls: 0, shifts: 0, frames: 0, gaps: 0, seen: false, sources: [] as string[] };
      (window as unknown as { __modulaFirstScreen: typeof state }).__modulaFirstScreen = state;
      new PerformanceObserver((list) => {
        type Source = { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources: Source[] })[]) {
          if (entry.hadRecentInput) continue;
          state.cls += entry.value;
          state.shifts += 1;
          // What moved, for the failure message.
          for (const source of entry.sources ?? []) {
            const node = source.node instanceof Element ? source.node : source.node?.parentElement;
            const name = node ? `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}.${[...node.classList].join('.')} "${(node.textContent ?? '').slice(0, 40)}"` : 'a removed node';
            const rect = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
            state.sources.push(`${name} at ${Math.round(entry.startTime)} ms: ${rect(source.previousRect)} -> ${rect(source.currentRect)}`);
          }
        }
      }).observe({ type: 'layout-shift', buffered: true });
      const frame = () => {
        const first = document.getElementById('modula-first-screen');
        const main = document.querySelector('main');
        const appHeading = [...(main?.querySelectorAll('h1') ?? [])].some((h) => !first?.contains(h));
        if (first?.isConnected) state.seen = true;
        if (state.seen) {
          state.frames += 1;
          if (!first?.isConnected && !appHeading) state.gaps += 1;
        }
        if (state.frames < 2000) requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
  }

  async measured(): Promise<Measured> {
    return this.page.evaluate(() => (window as unknown as { __modulaFirstScreen: Measured }).__modulaFirstScreen);
  }
}
