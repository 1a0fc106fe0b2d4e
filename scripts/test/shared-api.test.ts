// @modula/shared's version follows its API: the names its main entry exports are recorded with the
// version in shared/api.json, and a change of API without the right version bump fails here.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { apiProblems, sharedExports, writeApiRecord } from '../lib/shared-api.ts';
import { repoRoot, scratch, writeJson, writeText } from './helpers.ts';

const scratchDirs: string[] = [];
after(() => {
  for (const dir of scratchDirs) fs.rmSync(dir, { recursive: true, force: true });
});

function sharedPackage(version: string, index: string, recorded?: { version: string; exports: string[] }): string {
  const root = scratch('shared-api');
  scratchDirs.push(root);
  writeJson(path.join(root, 'shared', 'package.json'), { name: '@modula/shared', version });
  writeText(path.join(root, 'shared', 'src', 'index.ts'), index);
  if (recorded) writeJson(path.join(root, 'shared', 'api.json'), recorded);
  return root;
}

const INDEX = `// The public API.
export type {} from './globals';
export { a, b as renamedB } from './one';
export type { TypeOne, TypeTwo } from './types';
export { c, type TypeThree } from './three';
`;
const NAMES = ['TypeOne', 'TypeThree', 'TypeTwo', 'a', 'c', 'renamedB'];

describe('the API of @modula/shared', () => {
  test("in this repository, the record agrees with the exports and the version", () => {
    assert.deepEqual(apiProblems(repoRoot), []);
  });

  test('is every name the main entry exports, types included', () => {
    assert.deepEqual(sharedExports(sharedPackage('1.0.0', INDEX)), NAMES);
    assert.throws(() => sharedExports(sharedPackage('1.0.0', "export * from './one';\n")), /uses "export \*": name every export/);
  });

  test('an added export without a new minor is refused, with the version to use', () => {
    const root = sharedPackage('1.2.3', `${INDEX}export { d } from './four';\n`, { version: '1.2.3', exports: NAMES });
    const problems = apiProblems(root);
    assert.equal(problems[0], 'the API of @modula/shared changed since 1.2.3 (added d)');
    assert.equal(problems[1], 'adding d is a new minor: bump to 1.3.0');
    assert.throws(() => writeApiRecord(root), /adding d is a new minor: bump to 1\.3\.0/);
  });

  test('a removed or renamed export without a new major is refused', () => {
    const root = sharedPackage('1.3.0', INDEX.replace('b as renamedB', 'b'), { version: '1.2.3', exports: NAMES });
    assert.deepEqual(apiProblems(root).slice(0, 2), [
      'the API of @modula/shared changed since 1.2.3 (removed renamedB; added b)',
      'removing renamedB breaks remotes built against 1.2.3: bump the major (2.0.0)',
    ]);
  });

  test('with the right bump the change still has to be recorded, and then it passes', () => {
    const root = sharedPackage('1.3.0', `${INDEX}export { d } from './four';\n`, { version: '1.2.3', exports: NAMES });
    assert.match(apiProblems(root).at(-1) ?? '', /run npm run shared:api to record the API with the new version/);
    assert.deepEqual(writeApiRecord(root), { version: '1.3.0', exports: [...NAMES, 'd'].sort() });
    assert.deepEqual(apiProblems(root), []);
  });

  test('a version bump without an API change must be recorded too, and a version never goes down', () => {
    assert.match(apiProblems(sharedPackage('1.2.4', INDEX, { version: '1.2.3', exports: NAMES }))[0] ?? '', /shared\/package\.json is 1\.2\.4 but shared\/api\.json records 1\.2\.3/);
    assert.match(apiProblems(sharedPackage('1.2.0', INDEX, { version: '1.2.3', exports: NAMES }))[0] ?? '', /version 1\.2\.0 is lower than the recorded 1\.2\.3/);
  });
});
