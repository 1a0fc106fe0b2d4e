// The shell's strings for its first screens (src/locales/<namespace>/<language>.json, copied next to the
// built template by tooling/first-screen.cjs); English for what a language lacks.
import fs from 'node:fs';

export type Tree = { [key: string]: unknown };

const trees = new Map<string, Tree>();

function load(namespace: string, language: string): Tree {
  const key = `${namespace}/${language}`;
  let tree = trees.get(key);
  if (!tree) {
    try {
      tree = JSON.parse(fs.readFileSync(new URL(`./locales/${namespace}/${language}.json`, import.meta.url), 'utf8')) as Tree;
    } catch {
      tree = {};
    }
    trees.set(key, tree);
  }
  return tree;
}

function lookup(tree: Tree, key: string): unknown {
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Tree)[part];
  }
  return node;
}

/** A value of a namespace (a string, or the arrays of FAQ items and about sections) in the language, else English. */
export function value<T>(namespace: string, language: string, key: string): T | undefined {
  return (lookup(load(namespace, language), key) ?? lookup(load(namespace, 'en'), key)) as T | undefined;
}

export function text(namespace: string, language: string, key: string): string {
  const found = value<unknown>(namespace, language, key);
  return typeof found === 'string' ? found : key;
}
