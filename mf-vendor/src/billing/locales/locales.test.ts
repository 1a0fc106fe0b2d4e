/** @jest-environment node */
import { expect, test } from '@jest/globals';
import { localeProblems } from '@modula/shared/testing';

test('every language has every English key of the billing strings, with its placeholders, translated', () => {
  expect(localeProblems(__dirname)).toEqual([]);
});
