/** @jest-environment node */
import { describe, expect, test } from '@jest/globals';
import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGE_CODES } from '@modula/shared';

/** Every leaf as "path = {{placeholders}}"; arrays keep their length in the path. */
function shape(value: unknown, at = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => shape(item, `${at}[${i}]`));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, child]) => shape(child, at ? `${at}.${key}` : key));
  }
  const placeholders = typeof value === 'string' ? (value.match(/\{\{\w+\}\}/g) ?? []).sort().join(',') : typeof value;
  return [`${at} = ${placeholders}`];
}

describe.each(['shell', 'pages'])('the %s namespace', (folder) => {
  const dir = path.join(__dirname, folder);
  const english = JSON.parse(fs.readFileSync(path.join(dir, 'en.json'), 'utf8')) as unknown;

  test.each([...LANGUAGE_CODES])('%s has every English key, with the same placeholders, and nothing else', (language) => {
    const translated = JSON.parse(fs.readFileSync(path.join(dir, `${language}.json`), 'utf8')) as unknown;
    expect(shape(translated).sort()).toEqual(shape(english).sort());
  });

  test.each([...LANGUAGE_CODES.filter((l) => l !== 'en')])('%s is translated, not a copy of English', (language) => {
    const translated = JSON.stringify(JSON.parse(fs.readFileSync(path.join(dir, `${language}.json`), 'utf8')));
    const words = (s: string) => new Set(s.match(/"[^"]{25,}"/g) ?? []);
    const shared = [...words(translated)].filter((w) => words(JSON.stringify(english)).has(w));
    expect(shared).toEqual([]);
  });
});
