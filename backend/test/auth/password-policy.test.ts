import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { startTestServer, testDatabases, type TestServer } from '../helpers/server.ts';
import { checkPassword, passwordOnlyReasons } from '../../src/auth/password-policy.ts';
import { blocklistWords } from '../../src/auth/password-blocklist.ts';
import { MIGRATION_FILE, baseBlocklist, generatePasswordPolicySql } from '../../scripts/gen-password-policy-sql.ts';

/** A deterministic sample: common passwords dressed up, patterns, and random strings. */
function samplePasswords(): string[] {
  let seed = 42;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const words = blocklistWords();
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!@#$%^&*()-_=+[]{};:,.<>/?~ äöüßéñ你好😀';
  const sample = new Set<string>([
    'ModulaDemo!2026', 'Password123!', 'P@ssw0rd1!', 'Abcd1234!', 'Qwerty12!', 'aaaaaaaa', 'Ab1!Ab1!', 'Summer2024!',
    'Tr0ub4dor&3x', 'short1!', 'Xk9$abc123', 'correct horse battery Staple9', 'Modular2026!', 'Zq7#mT2v', '', 'Aa1!',
    '1qaz2WSX!', 'Zxcvbnm1!', 'Ａｂｃ１２３！ｘｙｚ', 'x'.repeat(300), 'Aa1!'.repeat(70), 'Ab!1cdefgh', 'zyxwV987!',
    'ModulaModula1!', 'HouseHouse1!', 'M0dulaM0dula#7', 'Prefab#2026x', 'xModula!Prefab9', 'Papaya#Fruit9', 'Banana#7Kiwi',
    'Tree1Tree2Tree3!', `${'a'.repeat(200)}B1!x`, 'Abcabcabc#9', 'Kiwi!kiwi!K9zz', 'modulahomes!Xy7',
  ]);
  for (let i = 0; i < 600; i++) {
    const word = pick(words);
    const styled = random() < 0.5 ? word[0]!.toUpperCase() + word.slice(1) : word.toUpperCase();
    const digits = String(Math.floor(random() * 10000));
    sample.add(pick([`${styled}${digits}!`, `${digits}${styled}#`, `${styled}!`, word, `${styled}${digits}`]));
  }
  for (let i = 0; i < 600; i++) {
    const length = 4 + Math.floor(random() * 20);
    let value = '';
    for (let k = 0; k < length; k++) value += pick([...alphabet]);
    sample.add(value);
  }
  return [...sample];
}

describe('password policy', () => {
  it('uses a real common-password list of at least 10,000 entries', () => {
    const words = blocklistWords();
    assert.ok(words.length >= 10_000, `${words.length} words`);
    for (const w of ['password', '123456', 'qwerty', 'iloveyou', 'modula']) assert.ok(words.includes(w), w);
  });

  it('the committed migration is what the generator produces (SQL and TS cannot drift)', () => {
    assert.equal(fs.readFileSync(MIGRATION_FILE, 'utf8'), generatePasswordPolicySql(), 'run node backend/scripts/gen-password-policy-sql.ts');
  });

  it('the list the first migration wrote, with the generated changes, is the current list', () => {
    const base = new Set(baseBlocklist());
    assert.ok(base.size >= 10_000);
    const sql = generatePasswordPolicySql();
    for (const word of blocklistWords()) if (!base.has(word)) assert.ok(sql.includes(`'${word.replace(/'/g, "''")}'`), `${word} is added`);
  });

  const cases: [string, string[], RegExp | null][] = [
    ['ModulaDemo!2026', [], null],
    ['Zq7#mT2vLp', [], null],
    ['Sh0rt!x', ['length'], /at least 8 characters/],
    ['alllowercase1!', ['characters'], /^Password must contain an uppercase letter\.$/],
    ['NoDigitsHere!', ['characters'], /a number/],
    ['abcdefgh', ['characters', 'pattern'], /an uppercase letter, a number and a special character/],
    ['Password123!', ['pwned'], /compromised in data breaches/],
    ['P@ssw0rd!', ['pwned'], /compromised/],
    ['Sunshine2024!', ['pwned'], /compromised/],
    ['Aaaa1111!!!!', ['pattern'], /^Password does not meet security requirements\. Please choose a stronger password\.$/],
    ['Abcd1234!', ['pattern'], /does not meet security requirements/],
    ['Asdfghjk1!', ['pwned', 'pattern'], /^This password has been compromised in data breaches\. Please choose a different, unique password for your security\.$/],
    ['Xy1!Xy1!Xy1!', ['pattern'], /does not meet security requirements/],
    // Repeated blocks and the product's own name (issue 13, item 8).
    ['ModulaModula1!', ['pattern'], /^Password does not meet security requirements\. Please choose a stronger password\.$/],
    ['HouseHouse1!', ['pattern'], /does not meet security requirements/],
    ['M0dulaM0dula#7', ['pattern'], /does not meet security requirements/],
    ['Modula#Prefab1', ['pattern'], /does not meet security requirements/],
    ['Tree1Tree2Tree3!', [], null],
    ['Papaya#Fruit9', [], null],
    ['Prefab#Cabin-Nord7', [], null],
  ];
  for (const [password, reasons, message] of cases) {
    it(`${JSON.stringify(password)} -> ${reasons.join(', ') || 'accepted'}`, () => {
      const check = checkPassword(password);
      assert.deepEqual(check.reasons, reasons);
      assert.equal(check.ok, reasons.length === 0);
      if (message) assert.match(check.message, message);
    });
  }

  it('refuses the email username and the name, in any case or with separators removed', () => {
    const email = 'jane.doe@example.com';
    assert.deepEqual(checkPassword('Jane.Doe#2026x', { email }).reasons, ['email']);
    assert.equal(checkPassword('JaneDoe#2026x', { email }).message, 'Password cannot contain your email username.');
    assert.deepEqual(checkPassword('Xq!Jane Doe9z', { name: 'Jane Doe' }).reasons, ['name']);
    assert.equal(checkPassword('Xq!JANEDOE9z', { name: 'Jane Doe' }).message, 'Password cannot contain your name.');
    assert.deepEqual(checkPassword('ModulaDemo!2026', { email: 'demo.vendor@modula.eu', name: 'Lukas Brenner' }).reasons, []);
  });

  it('refuses every part of the name of three or more letters, in any case (issue 19, item 14)', () => {
    assert.deepEqual(checkPassword('Quinn#Strong77', { name: 'Quinn Tester' }).reasons, ['name']);
    assert.deepEqual(checkPassword('Strong#TESTER77', { name: 'Quinn Tester' }).reasons, ['name']);
    assert.deepEqual(checkPassword('Lucky#Stars77', { name: 'Jean-Luc Picard' }).reasons, ['name']);
    assert.deepEqual(checkPassword('Sk8#Harbour-Li', { name: 'Li Na' }).reasons, [], 'parts of fewer than three letters are allowed');
    assert.deepEqual(checkPassword('Sk8#LiNa-Harbour', { name: 'Li Na' }).reasons, ['name'], 'the whole name still counts');
  });
});

for (const database of await testDatabases()) {
  describe(`validate_password_strength on ${database}`, () => {
    let t: TestServer;
    before(async () => {
      t = await startTestServer({ database });
    });
    after(() => t.close());

    it('gives the same verdict and reasons as the auth server on a sample', async () => {
      const sample = samplePasswords();
      const { rows } = await t.server.context.db.query<{ p: string; reasons: string[] }>(
        'select p, private.password_weakness(p) as reasons from unnest($1::text[]) as p',
        [sample],
      );
      assert.equal(rows.length, sample.length);
      let weak = 0;
      for (const row of rows) {
        const expected = passwordOnlyReasons(row.p);
        if (expected.length) weak++;
        assert.deepEqual(row.reasons, expected, `reasons for ${JSON.stringify(row.p)}`);
      }
      assert.ok(weak > 100 && weak < sample.length - 100, `a mixed sample (${weak} of ${sample.length} weak)`);
    });

    it('is executable by anon and answers a boolean', async () => {
      const verdict = (password: string) =>
        t.server.context.db.asRole({ role: 'anon', claims: {} }, async (tx) => {
          const { rows } = await tx.query<{ ok: boolean }>('select public.validate_password_strength($1) as ok', [password]);
          return rows[0]!.ok;
        });
      assert.equal(await verdict('ModulaDemo!2026'), true);
      assert.equal(await verdict('Password123!'), false);
    });
  });
}
