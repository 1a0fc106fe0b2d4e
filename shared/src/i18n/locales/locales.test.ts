/** @jest-environment node */
import { expect, test } from '@jest/globals';
import { localeProblems } from '../../testing';

test('the common namespace: every language has every English key, with its placeholders and plural forms, translated', () => {
  expect(localeProblems(__dirname)).toEqual([]);
});
