/** @jest-environment node */
import { expect, test } from '@jest/globals';
import { localeProblems } from '@modula/shared/testing';

test('the conversation UI namespace: every language has every English key, with its placeholders, translated', () => {
  expect(localeProblems(__dirname)).toEqual([]);
});
