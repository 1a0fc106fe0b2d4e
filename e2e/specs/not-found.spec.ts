import { test, expect } from '../fixtures/test.ts';
import { ShellPage } from '../pages/shell-page.ts';

test('an unknown path shows the not-found page inside the shell', async ({ page }) => {
  const shell = new ShellPage(page);
  await shell.goto('/no/such/page');
  await expect(shell.heading('Page not found')).toBeVisible();
  await expect(shell.footer).toBeVisible();
  await shell.main.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a missing file is a real 404, not the app page', async ({ request }) => {
  const response = await request.get('/no-such-file.js');
  expect(response.status()).toBe(404);
});
