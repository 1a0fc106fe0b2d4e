// mf-vendor's first-screen template (issue 18): /pricing, the one public page of the vendor area:
// the plans with their monthly price in euros and how many listings each publishes. Built into
// dist/server/ by tooling/first-screen.cjs (with src/billing/locales) and named in the registry fragment.
import fs from 'node:fs';
import type { FirstScreenInput, FirstScreenResult } from '@modula/shared/contracts';

type Tree = { [key: string]: unknown };
const trees = new Map<string, Tree>();

function strings(language: string): Tree {
  let tree = trees.get(language);
  if (!tree) {
    try {
      tree = JSON.parse(fs.readFileSync(new URL(`./billing/locales/${language}.json`, import.meta.url), 'utf8')) as Tree;
    } catch {
      tree = {};
    }
    trees.set(language, tree);
  }
  return tree;
}

function text(language: string, key: string, values: Record<string, string | number> = {}): string {
  const find = (tree: Tree) => key.split('.').reduce<unknown>((node, part) => (typeof node === 'object' && node !== null ? (node as Tree)[part] : undefined), tree);
  const found = find(strings(language)) ?? find(strings('en'));
  const template = typeof found === 'string' ? found : key;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) => (name in values ? String(values[name]) : match));
}

interface PlanRow {
  id: string;
  name: string;
  price_eur: number | string | null;
  max_listings: number;
}

const CSS = `
#modula-first-screen .fs-page { box-sizing: border-box; max-inline-size: 1200px; margin-inline: auto; padding: 24px 16px 48px; }
#modula-first-screen h1 { margin: 0 0 8px; font-size: clamp(26px, 4vw, 36px); }
#modula-first-screen .fs-lead { color: #556070; margin: 0; }
#modula-first-screen .fs-plans { list-style: none; padding: 0; margin: 24px 0 0; display: grid; gap: 16px; grid-template-columns: repeat(auto-fill, minmax(220px, 1fr)); }
#modula-first-screen .fs-plans li { background: #fff; border: 1px solid #d9dee4; border-radius: 16px; padding: 20px; }
#modula-first-screen .fs-plans h2 { margin: 0 0 8px; font-size: 20px; }
#modula-first-screen .fs-price { font-size: 28px; font-weight: 800; margin: 0; }
`;

function euros(amount: number, language: string): string {
  const whole = Number.isInteger(amount);
  return new Intl.NumberFormat(language === 'zh' ? 'zh-CN' : language, { style: 'currency', currency: 'EUR', minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: whole ? 0 : 2 }).format(amount);
}

export async function render(input: FirstScreenInput): Promise<FirstScreenResult | null> {
  if (input.route !== '/pricing') return null;
  const { html, language } = input;
  const plans = await input.read<PlanRow[]>('plans?select=id,name,price_eur,max_listings&order=sort_order');
  const title = text(language, 'pricing.title');
  const intro = text(language, 'pricing.intro');
  const priced = plans.filter((plan) => plan.price_eur !== null);
  return {
    status: 200,
    title: `${title} · Modula`,
    description: intro,
    canonical: '/pricing',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'OfferCatalog',
        name: title,
        url: `${input.siteUrl}/pricing`,
        itemListElement: priced.map((plan) => ({
          '@type': 'Offer',
          name: plan.name,
          price: Number(plan.price_eur).toFixed(2),
          priceCurrency: 'EUR',
          url: `${input.siteUrl}/pricing`,
        })),
      },
      {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Modula', item: `${input.siteUrl}/` },
          { '@type': 'ListItem', position: 2, name: title, item: `${input.siteUrl}/pricing` },
        ],
      },
    ],
    body: html`<div class="fs-page"><h1>${title}</h1><p class="fs-lead">${intro}</p><ul class="fs-plans">${priced.map(
      (plan) => html`<li><h2>${plan.name}</h2><p class="fs-price">${euros(Number(plan.price_eur), language)}</p><p>${text(language, 'pricing.perMonth')}</p></li>`,
    )}</ul></div>`,
    css: CSS,
  };
}
