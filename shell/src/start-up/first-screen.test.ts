import { afterEach, describe, expect, it } from '@jest/globals';
import { captureFirstScreen, capturedFirstScreen, pageReady, releaseFirstScreen } from './first-screen';

describe('the server-rendered first screen', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    releaseFirstScreen();
  });

  it('is remembered before the first render and removed for good once released', () => {
    document.body.innerHTML = '<div id="root"><div id="modula-first-screen"><h1>Hytte 42</h1></div></div>';
    const node = captureFirstScreen();
    expect(node?.textContent).toBe('Hytte 42');
    expect(capturedFirstScreen()).toBe(node);
    releaseFirstScreen();
    expect(document.getElementById('modula-first-screen')).toBeNull();
    expect(capturedFirstScreen()).toBeNull();
  });

  it('is ready to go once the page has its own heading and nothing busy, whatever the cover holds', () => {
    document.body.innerHTML = '<main><div id="cover"><h1>From the server</h1></div><div id="page"></div></main>';
    const main = document.querySelector('main') as HTMLElement;
    const cover = document.getElementById('cover') as HTMLElement;
    const page = document.getElementById('page') as HTMLElement;
    expect(pageReady(main, cover)).toBe(false);
    page.innerHTML = '<div aria-busy="true"><h1>Loading</h1></div>';
    expect(pageReady(main, cover)).toBe(false);
    page.innerHTML = '<h1>Hytte 42</h1><section aria-busy="true"></section>';
    expect(pageReady(main, cover)).toBe(false);
    page.innerHTML = '<h1>Hytte 42</h1><section aria-busy="false"></section>';
    expect(pageReady(main, cover)).toBe(true);
  });
});
