import type { Page } from '@playwright/test';
import { test, expect, createUser, publishedHomeId, signIn } from '../fixtures/test.ts';
import { ShellPage } from '../pages/shell-page.ts';
import { ListingDetailPage, ListingsPage } from '../pages/catalog-pages.ts';
import { LoginPage } from '../pages/auth-pages.ts';

// Issue 18: a guest's first visit shows public pages without supabase-js (auth, realtime, storage and
// functions: @modula/shared loads it on demand as the chunk named supabase-js); a stored session or a
// page that needs it loads it.

/** Records whether the page has requested the supabase-js chunk. */
function watchSupabaseChunk(page: Page): { requested: () => boolean } {
  let requested = false;
  page.on('request', (request) => {
    if (/\/supabase-js\.[0-9a-f]+\.js$/.test(new URL(request.url()).pathname)) requested = true;
  });
  return { requested: () => requested };
}

test('a guest browses home, the listings and a listing without downloading supabase-js, and the login page loads it', async ({ page, admin }) => {
  const chunk = watchSupabaseChunk(page);
  const shell = new ShellPage(page);
  await shell.goto('/');
  await expect(shell.heading('Find the Perfect Home')).toBeVisible();
  await expect(shell.header.getByRole('link', { name: 'Login' })).toBeVisible();

  await shell.navLink('Listings').click();
  const listings = new ListingsPage(page);
  await expect(listings.cards.first()).toBeVisible();

  const id = await publishedHomeId(admin);
  const detail = new ListingDetailPage(page);
  await shell.navigateInApp(`/property/${id}`);
  await expect(detail.heading).toBeVisible();
  await expect(detail.firstPhoto()).toBeVisible();
  expect(chunk.requested(), 'supabase-js requested on a guest visit').toBe(false);

  await shell.header.getByRole('link', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  expect(chunk.requested()).toBe(true);
});

test('a guest who signs in is signed in across the app, and saving a favourite carries their token', async ({ page, admin }) => {
  const user = await createUser(admin, { name: 'Gus Guest' });
  const id = await publishedHomeId(admin);
  const detail = new ListingDetailPage(page);
  await detail.goto(id);
  await expect(detail.heading).toBeVisible();
  const shell = new ShellPage(page);
  await shell.header.getByRole('link', { name: 'Login' }).click();
  const login = new LoginPage(page);
  await login.logIn(user.email, user.password);
  await expect(shell.header.getByRole('button', { name: 'Account menu for Gus Guest' })).toBeVisible();
  await expect(page).toHaveURL(/\/customer-dashboard/);
  // Reads after sign-in carry the user's token: saving a favourite is accepted by row-level security.
  await shell.navigateInApp(`/property/${id}`);
  await expect(detail.saveButton()).toHaveText('Save');
  await detail.saveButton().click();
  await expect(detail.saveButton()).toHaveText('Saved');
  const { data } = await admin.from('favorites').select('listing_id').eq('user_id', user.id);
  expect(data).toEqual([{ listing_id: id }]);
});

test('a stored session loads supabase-js at start-up and shows the user at once', async ({ page, env, admin }) => {
  const user = await createUser(admin, { name: 'Stella Stored' });
  await signIn(page, env, user);
  const chunk = watchSupabaseChunk(page);
  const shell = new ShellPage(page);
  await shell.goto('/');
  await expect(shell.header.getByRole('button', { name: 'Account menu for Stella Stored' })).toBeVisible();
  expect(chunk.requested()).toBe(true);
});
