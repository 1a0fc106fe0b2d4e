import AxeBuilder from '@axe-core/playwright';
import { test, expect, createUser, signIn } from '../fixtures/test.ts';
import { PricingPage, TestCheckoutPage } from '../pages/billing-pages.ts';

// Issue 15: a vendor buys a plan through the local test payment provider, whose signed events reach
// the same webhook as Stripe's would; the subscription changes only from those events.
const DECLINED = { number: '4000 0000 0000 0002', expiry: '12/34', cvc: '123' };
const TEST_CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

test.describe('vendor billing', () => {
  test('a vendor is refused with the declined card, then buys Starter with the test card', async ({ page, env, admin }) => {
    const vendor = await createUser(admin, { userType: 'vendor', name: 'Paula Prefab' });
    await signIn(page, env, vendor);
    const pricing = new PricingPage(page);
    await pricing.goto();
    await expect(pricing.plan('Free').getByText('Your current plan')).toBeVisible();
    await expect(pricing.plan('Starter').getByText('€50')).toBeVisible();
    await pricing.choose('Starter');

    const checkout = new TestCheckoutPage(page);
    await checkout.expectFor('Starter');
    await expect(page.getByRole('button', { name: 'Pay €60.50' })).toBeVisible();
    await checkout.pay(DECLINED);
    await expect(checkout.problem()).toHaveText('Your card was declined. Please use another card.');
    await page.screenshot({ path: test.info().outputPath('checkout-declined.png'), fullPage: true });
    const none = await admin.from('subscriptions').select('plan').eq('user_id', vendor.id);
    expect(none.data).toEqual([]);

    await checkout.pay(TEST_CARD);
    await expect(page).toHaveURL(/\/dashboard\?checkout=success&plan=starter$/);
    const { data } = await admin.from('subscriptions').select('plan, status, provider').eq('user_id', vendor.id);
    expect(data).toEqual([{ plan: 'starter', status: 'Active', provider: 'test' }]);
    const { data: invoices } = await admin.from('invoices').select('amount_total_cents, vat_cents').eq('user_id', vendor.id);
    expect(invoices).toEqual([{ amount_total_cents: 6050, vat_cents: 1050 }]);

    await pricing.goto();
    await expect(pricing.plan('Starter').getByText('Your current plan')).toBeVisible();
    await expect(pricing.plan('Free').getByText('Your current plan')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('pricing-starter.png'), fullPage: true });
  });

  test('yearly prices are ten months, formatted per language', async ({ page }) => {
    const pricing = new PricingPage(page);
    await pricing.goto();
    await pricing.billYearly();
    await expect(pricing.plan('Pro').getByText('€5,000')).toBeVisible();
    await page.evaluate(() => window.localStorage.setItem('modula.language', 'de'));
    await page.goto('/pricing');
    await expect(page.getByRole('heading', { level: 1, name: 'Tarife für Anbieter' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Entrepreneur', exact: true }).getByText('200 €')).toBeVisible();
  });

  test('/pricing has no accessibility violations', async ({ page }) => {
    const pricing = new PricingPage(page);
    await pricing.goto();
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    expect(results.violations).toEqual([]);
  });
});
