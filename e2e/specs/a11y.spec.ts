import AxeBuilder from '@axe-core/playwright';
import { test, expect } from '../fixtures/test.ts';
import { ShellPage } from '../pages/shell-page.ts';

const SHELL_PAGES = ['/about', '/faq', '/terms', '/privacy', '/contact', '/deployment-status', '/no/such/page'];

async function seriousViolations(page: import('@playwright/test').Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

test.describe('accessibility of the shell pages (axe, WCAG 2.2 AA)', () => {
  for (const path of SHELL_PAGES) {
    test(`${path} has no serious violations`, async ({ page }) => {
      const shell = new ShellPage(page);
      await shell.goto(path);
      await expect(shell.main.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('the mobile menu at 360 px has no serious violations', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const shell = new ShellPage(page);
    await shell.goto('/about');
    await shell.header.getByRole('button', { name: 'Open menu' }).click();
    await expect(shell.header.getByRole('searchbox')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    // Nothing overflows the narrow screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});

test.describe('accessibility of the beta gate', () => {
  test.use({ betaGranted: false });
  test('the gate has no serious violations', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Beta is now live' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
