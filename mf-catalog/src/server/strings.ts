// The catalogue's own strings (src/locales/<language>.json, copied next to the built template by
// tooling/first-screen.cjs), read once per language; English for a missing key, as in the app.
import fs from 'node:fs';

type Tree = { [key: string]: string | Tree | Tree[] };
export type Translate = (key: string, values?: Record<string, string | number>) => string;

const trees = new Map<string, Tree>();

function load(language: string): Tree {
  let tree = trees.get(language);
  if (!tree) {
    try {
      tree = JSON.parse(fs.readFileSync(new URL(`./locales/${language}.json`, import.meta.url), 'utf8')) as Tree;
    } catch {
      tree = {};
    }
    trees.set(language, tree);
  }
  return tree;
}

function lookup(tree: Tree, key: string): string | null {
  let node: string | Tree | Tree[] | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return null;
    node = node[part];
  }
  return typeof node === 'string' ? node : null;
}

/** i18next's interpolation ({{name}}) and plural keys (_one, _other) for the given language. */
export function translator(language: string): Translate {
  const own = load(language);
  const english = load('en');
  const rules = new Intl.PluralRules(language === 'zh' ? 'zh-CN' : language);
  return (key, values = {}) => {
    const plural = typeof values.count === 'number' ? `${key}_${rules.select(values.count)}` : null;
    const text =
      (plural && (lookup(own, plural) ?? lookup(own, `${key}_other`))) ??
      lookup(own, key) ??
      (plural && (lookup(english, plural) ?? lookup(english, `${key}_other`))) ??
      lookup(english, key) ??
      key;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) => (name in values ? String(values[name]) : match));
  };
}
