/** @jest-environment node */
import { expect, test } from '@jest/globals';
import { localeProblems } from '@modula/shared/testing';

test('every language has every English key, with its placeholders and plural forms, translated', () => {
  expect(localeProblems(__dirname)).toEqual([]);
});
