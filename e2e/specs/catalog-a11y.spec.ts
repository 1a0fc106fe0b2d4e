import AxeBuilder from '@axe-core/playwright';
import { test, expect, publishedHomeId } from '../fixtures/test.ts';

async function seriousViolations(page: import('@playwright/test').Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

test.describe('accessibility of the catalogue (axe, WCAG 2.2 AA)', () => {
  test('home has no serious violations', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Featured Properties' }).getByTestId('property-card')).toHaveCount(4);
    await expect(page.getByRole('region', { name: 'Trusted Partners' }).getByRole('listitem').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('listings have no serious violations', async ({ page }) => {
    await page.goto('/listings?category=homes');
    await expect(page.getByRole('main').getByTestId('property-card').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a listing page has no serious violations', async ({ page, admin }) => {
    await page.goto(`/property/${await publishedHomeId(admin)}`);
    await expect(page.getByRole('main').getByRole('button', { name: 'Contact vendor' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('heading', { name: 'Reviews' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('listings at 360 px do not overflow', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/listings');
    await expect(page.getByRole('main').getByTestId('property-card').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
