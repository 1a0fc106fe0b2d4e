// @modula/router exports exactly what the apps import from it. The page's shared copy keeps every export
// (Module Federation cannot know which ones the remotes use), so an export no app's code imports is
// react-router shipped to every page for nothing (docs/decisions/001-react-router-sharing.md).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { appFolders } from '@modula/tooling/apps';
import { listFiles } from '../lib/fs-atomic.ts';
import { repoRoot } from './helpers.ts';

/** The names in `{ a, type B, c as d }`, without `type` and aliases. */
function names(list: string): string[] {
  return list
    .split(',')
    .map((part) => part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0] ?? '')
    .filter(Boolean);
}

function exported(): string[] {
  const text = fs.readFileSync(path.join(repoRoot, 'router', 'src', 'index.ts'), 'utf8');
  return [...text.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'react-router-dom'/g)].flatMap((match) => names(match[1] ?? ''));
}

/** What the apps' code (tests and test helpers excluded: they may not add to the page) imports from @modula/router. */
function imported(): Map<string, string[]> {
  const users = new Map<string, string[]>();
  for (const { dir } of appFolders(repoRoot)) {
    const src = path.join(repoRoot, dir, 'src');
    for (const file of listFiles(src)) {
      if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file) || /(^|\/)testing\//.test(file)) continue;
      const text = fs.readFileSync(path.join(src, file), 'utf8');
      for (const match of text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'@modula\/router'/g)) {
        for (const name of names(match[1] ?? '')) users.set(name, [...(users.get(name) ?? []), `${dir}/src/${file}`]);
      }
    }
  }
  return users;
}

test('@modula/router exports exactly the router API the apps import', () => {
  const exports = exported();
  const used = imported();
  assert.ok(exports.length >= 10 && used.size >= 10, `parsed too little: exports ${exports.join(', ')}; used ${[...used.keys()].join(', ')}`);
  const unused = exports.filter((name) => !used.has(name));
  const missing = [...used.keys()].filter((name) => !exports.includes(name));
  assert.deepEqual(unused, [], `exported but imported by no app's code (remove them: every page pays for them): ${unused.join(', ')}`);
  assert.deepEqual(missing, [], `imported but not exported: ${missing.map((name) => `${name} (${used.get(name)?.join(', ')})`).join('; ')}`);
});
