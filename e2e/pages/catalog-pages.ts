import { expect, type Locator, type Page } from '@playwright/test';

/** The shell's one toast region (role=status); the catalogue's messages appear there. */
export function toastRegion(page: Page): Locator {
  return page.locator('[role="status"][aria-live="polite"]').filter({ has: page.locator('strong') });
}

/** The mf-catalog screens, by what a user sees. */
export class CatalogHome {
  readonly page: Page;
  constructor(page: Page) {
    this.page = page;
  }

  async goto(): Promise<void> {
    await this.page.goto('/');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Find the Perfect Home' })).toBeVisible();
  }

  categoryTile(name: string): Locator {
    return this.page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: new RegExp(`^${name}`) });
  }

  /** The newsletter sign-up of the home page, found by its heading in the page's language. */
  newsletter(heading: string): Locator {
    return this.page.getByRole('region', { name: heading });
  }

  featuredCards(): Locator {
    return this.page.getByRole('region', { name: 'Featured Properties' }).getByTestId('property-card');
  }

  /** A row of the home page by its heading ("Commercial Units"). */
  rowCards(heading: string): Locator {
    return this.page.getByRole('region', { name: heading }).getByTestId('property-card');
  }

  carouselNext(): Locator {
    return this.page.getByRole('region', { name: 'Featured Properties' }).getByRole('button', { name: 'Show next properties' });
  }
}

export class ListingsPage {
  readonly results: Locator;
  readonly cards: Locator;
  readonly filters: Locator;
  readonly page: Page;
  constructor(page: Page) {
    this.page = page;
    this.results = page.getByRole('main').getByRole('heading', { level: 2, name: /results?$/ });
    this.cards = page.getByRole('main').getByTestId('property-card');
    this.filters = page.getByRole('form', { name: 'Filters' });
  }

  async waitForResults(): Promise<number> {
    await expect(this.results).toBeVisible();
    const text = (await this.results.textContent()) ?? '';
    return Number(text.replace(/[^0-9]/g, ''));
  }

  async setPriceRange(min: number, max: number): Promise<void> {
    await this.filters.getByLabel('Min price').fill(String(min));
    await this.filters.getByLabel('Max price').fill(String(max));
    await this.filters.getByRole('button', { name: 'Apply' }).click();
  }

  async setSizeRange(min: number | null, max: number | null): Promise<void> {
    if (min !== null) await this.filters.getByLabel('Min size').fill(String(min));
    if (max !== null) await this.filters.getByLabel('Max size').fill(String(max));
    await this.filters.getByRole('button', { name: 'Apply' }).click();
  }

  /** A group of the filter panel by its legend ("Features", "Sustainability"). */
  filterGroup(legend: string | RegExp): Locator {
    return this.filters.getByRole('group', { name: legend });
  }

  async setMinBedrooms(count: number): Promise<void> {
    await this.filters.getByLabel('Bedrooms').selectOption(String(count));
  }

  /** Every card's price in euros, read from the English formatting ("€125,000"). */
  async prices(): Promise<number[]> {
    const texts = await this.cards.locator('span').filter({ hasText: /^€[0-9,]+$/ }).allTextContents();
    return texts.map((t) => Number(t.replace(/[^0-9]/g, '')));
  }
}

export class ListingDetailPage {
  readonly heading: Locator;
  readonly aside: Locator;
  readonly page: Page;
  constructor(page: Page) {
    this.page = page;
    this.heading = page.getByRole('main').getByRole('heading', { level: 1 });
    this.aside = page.getByRole('main').getByRole('complementary');
  }

  async goto(id: string): Promise<void> {
    await this.page.goto(`/property/${id}`);
    await expect(this.heading).toBeVisible();
  }

  /** Reports the listing through "Report this listing" (signed in). */
  async report(title: string, reason: string, details: string): Promise<void> {
    await this.aside.getByRole('button', { name: 'Report this listing' }).click();
    const dialog = this.page.getByRole('dialog', { name: `Report “${title}”` });
    await dialog.getByLabel('Reason').selectOption({ label: reason });
    await dialog.getByLabel('What is wrong? (optional)').fill(details);
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog).toBeHidden();
  }

  saveButton(): Locator {
    return this.aside.getByRole('button', { name: /^(Save|Saved)$/ });
  }

  /** The listing's features, each a list item of the section headed `heading` (its name in the page's language). */
  features(heading: string): Locator {
    return this.page.getByRole('main').getByRole('region', { name: heading }).getByRole('listitem');
  }

  /** A fact of the sustainability section by its term (dt), in the page's language. */
  sustainabilityFact(term: string): Locator {
    const exact = new RegExp(`^${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
    return this.page.getByRole('main').locator('dl div').filter({ has: this.page.locator('dt', { hasText: exact }) }).locator('dd');
  }

  price(): Locator {
    return this.aside.locator('.price');
  }

  /** The gallery's first photo (the gallery's frame; its thumbnails are described the same way). */
  firstPhoto(): Locator {
    return this.page.getByTestId('gallery').getByRole('img', { name: /^Photo 1 of \d+:/ });
  }

  /** The bar with the price and the contact buttons that phones keep at the bottom of the screen. */
  stickyBar(): Locator {
    return this.page.getByRole('region', { name: 'Price and contact' });
  }

  /** The width of the render the browser chose for the first photo, once it has loaded. */
  async firstPhotoRenderWidth(): Promise<number> {
    const photo = this.firstPhoto();
    await expect(photo).toHaveJSProperty('complete', true);
    const source = await photo.evaluate((img: HTMLImageElement) => img.currentSrc);
    return Number(new URL(source).searchParams.get('width'));
  }
}

export class FavoritesPage {
  readonly items: Locator;
  readonly page: Page;
  constructor(page: Page) {
    this.page = page;
    this.items = page.getByTestId('favorite-item');
  }

  async goto(): Promise<void> {
    await this.page.goto('/customer-dashboard/favorites');
    await expect(this.page.getByRole('heading', { level: 2, name: 'Saved listings' })).toBeVisible();
  }

  item(title: string): Locator {
    return this.items.filter({ has: this.page.getByRole('heading', { name: title }) });
  }
}
