// The i18n check on small fixtures (it must fail on a missing key, a copy of English and a literal
// interface string), then on the repository itself: the last two tests are the check CI runs.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findLocaleProblems } from '../../shared/src/testing/locales.ts';
import { literalStringReport, localeReport, namespaceFolders } from './check.ts';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'modula-i18n-check-'));
after(() => fs.rmSync(scratch, { recursive: true, force: true }));

let fixtures = 0;
/** Writes files (path to content; objects become JSON) into a fresh folder and returns it. */
function fixture(files: Record<string, string | object>): string {
  const dir = path.join(scratch, `fixture-${++fixtures}`);
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  }
  return dir;
}

const LANGUAGES = ['en', 'de', 'ja', 'ar'];
const check = (files: Record<string, object>, sameAsReference = {}) => findLocaleProblems(fixture(files), { languages: LANGUAGES, sameAsReference });

const english = { newsletter: { name: 'Name (optional)', submit: 'Subscribe' }, units: { sqm: 'm²' }, hello: 'Hello {{name}}' };
const german = { newsletter: { name: 'Ihr Name (optional)', submit: 'Abonnieren' }, units: { sqm: 'm²' }, hello: 'Hallo {{name}}' };
const japanese = { newsletter: { name: 'お名前（任意）', submit: '登録する' }, units: { sqm: 'm²' }, hello: 'こんにちは、{{name}}さん' };
const arabic = { newsletter: { name: 'الاسم (اختياري)', submit: 'اشترك' }, units: { sqm: 'م²' }, hello: 'مرحبًا {{name}}' };
const complete = { 'en.json': english, 'de.json': german, 'ja.json': japanese, 'ar.json': arabic };
const units = { '*': ['m²'] };

describe('translation files', () => {
  test('a complete, translated namespace has no problems', () => {
    assert.deepEqual(check(complete, units), []);
  });

  test('a key missing in one language fails, and so does a key English does not have', () => {
    const { submit: _dropped, ...rest } = german.newsletter;
    const problems = check({ ...complete, 'de.json': { ...german, newsletter: rest }, 'ja.json': { ...japanese, extra: '余分' } }, units);
    assert.deepEqual(problems, ['fixture-2/de.json: "newsletter.submit" is missing', 'fixture-2/ja.json: "extra" is not in en.json']);
  });

  test('a language file that is missing altogether fails', () => {
    const { 'ar.json': _dropped, ...rest } = complete;
    assert.deepEqual(check(rest, units), ['fixture-3/ar.json: missing']);
  });

  test('a copy of the English value fails unless the allow-list says the words are the same', () => {
    const copied = { ...complete, 'de.json': { ...german, newsletter: { ...german.newsletter, name: 'Name (optional)' } } };
    assert.deepEqual(check(copied, units), [
      'fixture-4/de.json: "newsletter.name" is a copy of en ("Name (optional)"): translate it, or allow "Name optional" for de if it is truly the same',
    ]);
    assert.deepEqual(check(copied, { ...units, de: ['Name optional'] }), []);
    // Units are allowed only because the allow-list names them.
    assert.equal(check(complete).filter((p) => p.includes('"units.sqm" is a copy')).length, 2);
  });

  test('values without words (numbers and placeholders only) may stay as they are', () => {
    const rating = (all: Record<string, object>) => Object.fromEntries(Object.entries(all).map(([f, v]) => [f, { ...v, rating: '{{rating}} / 5' }]));
    assert.deepEqual(check(rating(complete), units), []);
  });

  test('a placeholder lost or renamed in translation fails', () => {
    const problems = check({ ...complete, 'ja.json': { ...japanese, hello: 'こんにちは、{{user}}さん' } }, units);
    assert.deepEqual(problems, ['fixture-8/ja.json: "hello" interpolates [{{user}}], en has [{{name}}]']);
  });

  test('plural keys need exactly the forms of each language: Japanese one, Arabic six', () => {
    const plural = (forms: Record<string, string>) => Object.fromEntries(Object.entries(forms).map(([form, text]) => [`weeks_${form}`, text]));
    const files = {
      'en.json': { ...english, ...plural({ one: '{{count}} week', other: '{{count}} weeks' }) },
      'de.json': { ...german, ...plural({ one: '{{count}} Woche', other: '{{count}} Wochen' }) },
      'ja.json': { ...japanese, ...plural({ other: '{{count}}週間' }) },
      'ar.json': {
        ...arabic,
        ...plural({ zero: 'لا أسابيع', one: 'أسبوع واحد', two: 'أسبوعان', few: '{{count}} أسابيع', many: '{{count}} أسبوعًا', other: '{{count}} أسبوع' }),
      },
    };
    assert.deepEqual(check(files, units), []);
    const wrong = { ...files, 'ja.json': { ...japanese, ...plural({ one: '{{count}}週間', other: '{{count}}週間' }) }, 'ar.json': { ...arabic, ...plural({ one: 'أسبوع', other: '{{count}} أسبوع' }) } };
    assert.deepEqual(check(wrong, units), [
      'fixture-10/ja.json: "weeks" has the plural forms [one, other], ja needs [other]',
      'fixture-10/ar.json: "weeks" has the plural forms [one, other], ar needs [few, many, one, other, two, zero]',
    ]);
  });

  test('an empty value fails', () => {
    assert.deepEqual(check({ ...complete, 'de.json': { ...german, hello: ' ' } }, units), ['fixture-11/de.json: "hello" is empty']);
  });
});

describe('literal interface strings', () => {
  // A small repository with the real oxlint.config.ts (and the manifests reader it imports), so the test
  // also proves which folders it covers.
  function lint(files: Record<string, string>): string[] {
    const root = fixture({
      'oxlint.config.ts': fs.readFileSync(path.join(repoRoot, 'oxlint.config.ts'), 'utf8'),
      'tooling/apps.ts': fs.readFileSync(path.join(repoRoot, 'tooling', 'apps.ts'), 'utf8'),
      'package.json': '{ "private": true, "type": "module" }\n',
      ...files,
    });
    fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(root, 'node_modules'), 'dir');
    return literalStringReport(root);
  }

  const translated = `import { useTranslation } from 'react-i18next';
export function Panel({ count }: { count: number }) {
  const { t } = useTranslation('x');
  return (
    <section className="panel" aria-label={t('panel.label')} data-count={count}>
      <h2>{t('panel.title')}</h2>
      <input type="email" placeholder={t('panel.email')} />
      <img src="/logo.webp" alt="" width={20} height={20} />
      <span aria-hidden="true">Modula</span>
      <a href="mailto:hello@modula.eu">hello@modula.eu</a>
      <p>{new Intl.NumberFormat('en', { style: 'percent' }).format(count)}</p>
    </section>
  );
}
`;
  const hardCoded = `export function Panel({ count }: { count: number }) {
  return (
    <section aria-label="Newsletter">
      <h2>Stay in the loop</h2>
      <input type="text" placeholder="Name (optional)" />
      <img src="/a.webp" alt="A modular home" />
      <button type="button" title="Close">×</button>
      <p>{count > 1 ? 'Many homes' : 'One home'}</p>
    </section>
  );
}
`;

  test('hard-coded JSX text and user-facing attributes fail, in any remote, shell and shared; tests are exempt', () => {
    const problems = lint({
      'mf-newremote/src/panel.tsx': hardCoded,
      'mf-newremote/src/panel.test.tsx': hardCoded,
      'shell/src/layout/panel.tsx': translated,
      'shared/src/ui/search.tsx': `export const Search = () => <input type="search" placeholder="Search homes" />;\n`,
    });
    assert.deepEqual(problems, [
      'mf-newremote/src/panel.tsx:3:25: "Newsletter"',
      'mf-newremote/src/panel.tsx:4:11: Stay in the loop',
      'mf-newremote/src/panel.tsx:5:38: "Name (optional)"',
      'mf-newremote/src/panel.tsx:6:30: "A modular home"',
      'mf-newremote/src/panel.tsx:7:35: "Close"',
      "mf-newremote/src/panel.tsx:8:23: 'Many homes'",
      "mf-newremote/src/panel.tsx:8:38: 'One home'",
      'shared/src/ui/search.tsx:1:62: "Search homes"',
    ]);
  });

  test('translated components pass', () => {
    assert.deepEqual(lint({ 'mf-newremote/src/panel.tsx': translated }), []);
  });
});

describe('the repository', () => {
  test('finds every namespace, including a new remote’s', () => {
    const root = fixture({
      'package.json': { workspaces: ['shared', 'mf-newremote', 'backend'] },
      'shared/src/i18n/locales/en.json': {},
      'mf-newremote/src/locales/en.json': {},
      'mf-newremote/src/pages/locales/en.json': {},
      'backend/README.md': 'no src',
    });
    assert.deepEqual(namespaceFolders(root), ['mf-newremote/src/locales', 'mf-newremote/src/pages/locales', 'shared/src/i18n/locales']);
    const found = namespaceFolders(repoRoot);
    for (const folder of ['shared/src/i18n/locales', 'shell/src/locales/shell', 'shell/src/locales/pages', 'mf-catalog/src/locales', 'mf-auth/src/locales']) {
      assert.ok(found.includes(folder), `${folder} is checked`);
    }
  });

  test('every namespace is complete and translated in all 14 languages', () => {
    assert.deepEqual(localeReport(repoRoot), []);
  });

  test('no component shows a literal interface string', () => {
    assert.deepEqual(literalStringReport(repoRoot), []);
  });
});
