/** @jest-environment node */
import { expect, test } from '@jest/globals';
import path from 'node:path';
import { localeProblems } from '@modula/shared/testing';

test.each(['shell', 'pages'])('the %s namespace: every language has every English key, with its placeholders and plural forms, translated', (folder) => {
  expect(localeProblems(path.join(__dirname, folder))).toEqual([]);
});
