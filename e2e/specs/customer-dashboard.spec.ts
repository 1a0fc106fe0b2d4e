import { test, expect, createUser, signIn } from '../fixtures/test.ts';
import { ShellPage } from '../pages/shell-page.ts';

test('the customer dashboard frame shows a tab per deployed section, each a parcel of its remote', async ({ page, env, admin }) => {
  const user = await createUser(admin, { name: 'Cleo Customer' });
  await signIn(page, env, user);
  const shell = new ShellPage(page);
  await shell.goto('/customer-dashboard');
  await expect(shell.heading('Welcome back, Cleo Customer')).toBeVisible();
  const tabs = shell.main.getByRole('navigation', { name: 'Dashboard sections' });
  await expect(tabs.getByRole('link')).toHaveText(['Overview', 'Saved listings', 'Meetings', 'Messages', 'Orders', 'Settings']);
  await shell.markDocument();

  await tabs.getByRole('link', { name: 'Messages' }).click();
  await expect(page).toHaveURL(/\/customer-dashboard\/messages$/);
  await expect(shell.main.locator('[data-remote="mf_messenger"]')).not.toBeEmpty();
  await tabs.getByRole('link', { name: 'Orders' }).click();
  await expect(shell.main.locator('[data-remote="mf_vendor"]')).not.toBeEmpty();
  // The header offers the dashboard actions here.
  await expect(shell.header.getByRole('link', { name: 'Create Listing' })).toBeVisible();
  expect(await shell.documentIsMarked()).toBe(true);
});

test('a guest opening the customer dashboard is sent to /login', async ({ page }) => {
  await new ShellPage(page).goto('/customer-dashboard/favorites');
  await expect(page).toHaveURL(/\/login$/);
});
