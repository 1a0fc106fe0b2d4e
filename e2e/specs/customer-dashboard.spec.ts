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
  // The header offers the dashboard actions here: at 1280 px its row has no room for them beside the
  // links, the name and the language, so they are in its menu and nothing sticks out of the page.
  await expect(shell.header.getByRole('link', { name: 'Create Listing' })).toBeHidden();
  await shell.header.getByRole('button', { name: 'Open menu' }).click();
  await expect(shell.header.getByRole('button', { name: 'Close menu' })).toBeVisible();
  await expect(shell.header.getByRole('link', { name: 'Create Listing' })).toBeVisible();
  await expect.poll(() => shell.overflowsHorizontally()).toBe(false);
  // On a wide screen they are in the bar with the links, and the menu (still open) goes away.
  await page.setViewportSize({ width: 1680, height: 900 });
  await expect(shell.header.getByRole('button', { name: 'Close menu' })).toBeHidden();
  await expect(shell.header.getByRole('navigation').getByRole('link', { name: 'Listings' })).toBeVisible();
  await expect(shell.header.getByRole('link', { name: 'Create Listing' })).toBeVisible();
  await expect.poll(() => shell.overflowsHorizontally()).toBe(false);
  expect(await shell.documentIsMarked()).toBe(true);
});

test('the signed-in header fits a 1024 px laptop screen in German without scrolling sideways', async ({ page, env, admin }) => {
  const user = await createUser(admin, { name: 'Maximiliane Mustermann-Lüdenscheid' });
  await signIn(page, env, user);
  await page.setViewportSize({ width: 1024, height: 768 });
  const shell = new ShellPage(page);
  await shell.goto('/customer-dashboard');
  await shell.chooseLanguage('de');
  await expect(shell.header.getByRole('button', { name: 'Menü öffnen' })).toBeVisible();
  await expect.poll(() => shell.overflowsHorizontally()).toBe(false);
});

test('a guest opening the customer dashboard is sent to /login', async ({ page }) => {
  await new ShellPage(page).goto('/customer-dashboard/favorites');
  await expect(page).toHaveURL(/\/login\?next=%2Fcustomer-dashboard%2Ffavorites$/);
});
