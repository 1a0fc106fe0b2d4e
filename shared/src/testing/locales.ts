// One locale-completeness check for every namespace: the remotes' jest tests and the repository-wide
// i18n check (scripts/i18n) both call it. It imports nothing but node:fs and node:path, so plain Node
// runs it too.
import fs from 'node:fs';
import path from 'node:path';

export interface LocaleCheckOptions {
  /** Every language the namespace must have a file for; the reference language comes first or is named. */
  languages: readonly string[];
  /** The language the others are compared with. */
  reference?: string;
  /**
   * Values that may stay identical to the reference because they are truly the same (brand names,
   * units, words a language shares with English), as their words without placeholders: under "*"
   * for every language, or under a language code for that language only.
   */
  sameAsReference?: Readonly<Record<string, readonly string[]>>;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const PLACEHOLDER = /\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g;
const TAG = /<\/?(\w+)\s*\/?>/g;
const NESTING = /\$t\(([^)]*)\)/g;

type Leaves = Map<string, unknown>;

/** Every leaf of a translation file by its dotted path; arrays count as objects keyed by index. */
function leavesOf(value: unknown, prefix = '', into: Leaves = new Map()): Leaves {
  if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) leavesOf(child, prefix ? `${prefix}.${key}` : key, into);
  } else {
    into.set(prefix, value);
  }
  return into;
}

const baseOf = (key: string) => key.replace(PLURAL, '');
const formOf = (key: string) => PLURAL.exec(key)?.[1] ?? null;

/** What a string interpolates: {{values}}, <tags> of <Trans> and $t() nestings, sorted. */
function placeholdersOf(text: string): string[] {
  const names = [
    ...[...text.matchAll(PLACEHOLDER)].map((m) => `{{${m[1]}}}`),
    ...new Set([...text.matchAll(TAG)].map((m) => `<${m[1]}>`)),
    ...[...text.matchAll(NESTING)].map((m) => `$t(${m[1]})`),
  ];
  return names.sort();
}

/** The words of a string once placeholders, tags and numbers are taken out: what a reader actually reads. */
function wordsOf(text: string): string {
  const bare = text.replace(PLACEHOLDER, ' ').replace(TAG, ' ').replace(NESTING, ' ');
  const tokens = (bare.match(/[\p{L}\p{N}][\p{L}\p{M}\p{N}'’+²³.,-]*/gu) ?? []).map((token) => token.replace(/[.,-]+$/, ''));
  // Numbers read the same in every language ("500 litres" is allowed in French by "litres").
  return tokens.filter((token) => /\p{L}/u.test(token)).join(' ');
}

function readJson(file: string): { value?: unknown; error?: string } {
  try {
    return { value: JSON.parse(fs.readFileSync(file, 'utf8')) as unknown };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Everything wrong with the translation files of one namespace folder (<dir>/<language>.json), as
 * sentences; an empty list means complete. Each language must have exactly the reference's keys
 * (plural keys with exactly the forms the language's plural rules use), the same placeholders, no
 * empty strings, and a translation rather than a copy of the reference unless the value is allowed
 * to be the same.
 */
export function findLocaleProblems(dir: string, options: LocaleCheckOptions): string[] {
  const reference = options.reference ?? options.languages[0] ?? 'en';
  const allowed = (language: string) => new Set([...(options.sameAsReference?.['*'] ?? []), ...(options.sameAsReference?.[language] ?? [])]);
  const problems: string[] = [];
  const where = path.basename(dir);

  const known = new Set(options.languages);
  const present = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5)) : [];
  for (const stray of present.filter((language) => !known.has(language))) problems.push(`${where}/${stray}.json: not one of the supported languages`);

  const referenceFile = readJson(path.join(dir, `${reference}.json`));
  if (referenceFile.error !== undefined) return [...problems, `${where}/${reference}.json: cannot be read (${referenceFile.error})`];
  const english = leavesOf(referenceFile.value);
  const englishBases = new Set([...english.keys()].map(baseOf));
  const englishText = (key: string): string | undefined => {
    const exact = english.get(key);
    if (typeof exact === 'string') return exact;
    const other = english.get(`${baseOf(key)}_other`);
    return typeof other === 'string' ? other : undefined;
  };

  for (const language of options.languages) {
    const file = `${where}/${language}.json`;
    const read = readJson(path.join(dir, `${language}.json`));
    if (read.error !== undefined) {
      problems.push(`${file}: ${fs.existsSync(path.join(dir, `${language}.json`)) ? `cannot be read (${read.error})` : 'missing'}`);
      continue;
    }
    const leaves = leavesOf(read.value);
    const bases = new Set([...leaves.keys()].map(baseOf));
    for (const base of englishBases) if (!bases.has(base)) problems.push(`${file}: "${base}" is missing`);
    for (const base of bases) if (!englishBases.has(base)) problems.push(`${file}: "${base}" is not in ${reference}.json`);

    // Plural keys: exactly the forms this language's plural rules select between.
    const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories.slice().sort();
    const pluralBases = new Set([...leaves.keys()].filter((k) => PLURAL.test(k)).map(baseOf));
    for (const base of pluralBases) {
      const has = [...leaves.keys()].filter((k) => baseOf(k) === base && formOf(k) !== null).map((k) => formOf(k)!).sort();
      if (has.join() !== forms.join()) problems.push(`${file}: "${base}" has the plural forms [${has.join(', ')}], ${language} needs [${forms.join(', ')}]`);
    }

    for (const [key, value] of leaves) {
      if (typeof value !== 'string') {
        problems.push(`${file}: "${key}" is ${value === null ? 'null' : typeof value}, not a string`);
        continue;
      }
      if (value.trim() === '') {
        problems.push(`${file}: "${key}" is empty`);
        continue;
      }
      const source = englishText(key);
      if (source === undefined || language === reference) continue;
      const form = formOf(key);
      // A plural form may show {{count}} where English does not, and its zero, one and two forms may
      // spell the number out ("one week", "نتيجتان") and so leave placeholders out; nothing else may differ.
      const counted = (list: string[]) => (form ? list.filter((p) => p !== '{{count}}') : list);
      const wanted = counted(placeholdersOf(source));
      const got = counted(placeholdersOf(value));
      const spelled = form === 'zero' || form === 'one' || form === 'two';
      const fits = spelled ? got.every((p) => wanted.includes(p)) : got.join() === wanted.join();
      if (!fits) problems.push(`${file}: "${key}" interpolates [${got.join(', ')}], ${reference} has [${wanted.join(', ')}]`);
      const words = wordsOf(value);
      if (value === source && words !== '' && !allowed(language).has(words)) {
        problems.push(`${file}: "${key}" is a copy of ${reference} ("${value}"): translate it, or allow "${words}" for ${language} if it is truly the same`);
      }
    }
  }
  return problems;
}
