import { test, expect, signIn } from '../fixtures/test.ts';
import { FavoritesPage, ListingDetailPage, toastRegion } from '../pages/catalog-pages.ts';

const DEMO_CUSTOMER = { email: 'demo.customer@modula.eu', password: 'ModulaDemo!2026' };

test('the demo customer saves a listing, finds it in saved listings, and sees it go when removed in another tab', async ({ page, context, env, admin }) => {
  const { data: users } = await admin.auth.admin.listUsers({ perPage: 1000 });
  const demo = users.users.find((u) => u.email === DEMO_CUSTOMER.email);
  expect(demo, 'the seed creates the demo customer').toBeTruthy();
  const { data: listing } = await admin.from('listings').select('id,title').eq('status', 'published').eq('listing_type', 'property').order('published_at').limit(1).single();
  const { id, title } = listing as { id: string; title: string };
  // Start from a known state: this listing is not a favourite yet.
  await admin.from('favorites').delete().eq('user_id', demo!.id).eq('listing_id', id);

  await signIn(page, env, { id: demo!.id, ...DEMO_CUSTOMER });
  const detail = new ListingDetailPage(page);
  await detail.goto(id);
  await expect(detail.saveButton()).toHaveText('Save');
  await detail.saveButton().click();
  await expect(toastRegion(page)).toContainText('Listing Saved');
  await expect(detail.saveButton()).toHaveText('Saved');

  const favorites = new FavoritesPage(page);
  await favorites.goto();
  await expect(favorites.item(title)).toBeVisible();

  // A second tab of the same browser (same session) removes it.
  const other = await context.newPage();
  const otherDetail = new ListingDetailPage(other);
  await otherDetail.goto(id);
  await expect(otherDetail.saveButton()).toHaveText('Saved');
  await otherDetail.saveButton().click();
  await expect(toastRegion(other)).toContainText('Listing Removed');

  // The first tab hears it through realtime and the listing disappears.
  await expect(favorites.item(title)).toHaveCount(0);
  await other.close();
});
