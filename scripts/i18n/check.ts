// The translation check CI runs (npm run check:i18n, and as a suite of npm test). It fails when
//  - a namespace's files miss a key in any of the 14 languages, or have one English lacks, the wrong
//    plural forms, other placeholders, or a copy of the English value that SAME_AS_ENGLISH does not
//    allow (shared/src/testing/locales.ts, the helper the remotes' jest tests call for their own
//    namespace);
//  - a component shows text that is not a translation key: JSX text or a user-facing attribute
//    (aria-label, placeholder, title, alt, label) written as a literal. That is oxlint's
//    i18next/no-literal-string rule (eslint-plugin-i18next as a JS plugin), configured in
//    oxlint.config.ts for shell, shared and every mf-* remote, so `npm run lint` reports it too.
// Namespaces are found, not listed: every folder with an en.json under <workspace>/src/**/locales of
// any workspace in package.json, so a new remote is checked from its first commit.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { findLocaleProblems } from '../../shared/src/testing/locales.ts';
import { LANGUAGE_CODES } from '../../shared/src/i18n/languages.ts';
import { SAME_AS_ENGLISH } from '../../shared/src/i18n/same-as-english.ts';
import { workspaceDirs } from '../lib/workspaces.ts';

export const LITERAL_STRING_RULE = 'i18next(no-literal-string)';

function workspaces(root: string): string[] {
  return workspaceDirs(root).filter((dir) => fs.existsSync(path.join(root, dir, 'src')));
}

/** Every namespace folder (one holding en.json) under a workspace's src/**\/locales, relative to root. */
export function namespaceFolders(root: string): string[] {
  return workspaces(root)
    .flatMap((dir) => fs.globSync(`${dir}/src/**/locales/**/en.json`, { cwd: root, exclude: (name) => name === 'node_modules' }))
    .map((file) => path.dirname(file).split(path.sep).join('/'))
    .sort();
}

/** Problems of every namespace's translation files, each prefixed with its folder. */
export function localeReport(root: string): string[] {
  return namespaceFolders(root).flatMap((folder) =>
    findLocaleProblems(path.join(root, folder), { languages: LANGUAGE_CODES, sameAsReference: SAME_AS_ENGLISH }).map(
      (problem) => `${folder}: ${problem.slice(problem.indexOf('/') + 1)}`,
    ),
  );
}

interface OxlintDiagnostic {
  code?: string;
  filename: string;
  labels?: { span: { offset: number; length: number; line: number; column: number } }[];
}

/**
 * Interface text written as a literal in a component, as "file:line:column: text", found by running
 * oxlint with the repository's oxlint.config.ts (root's) over root.
 */
export function literalStringReport(root: string): string[] {
  const oxlint = path.join(root, 'node_modules', 'oxlint', 'bin', 'oxlint');
  const run = spawnSync(process.execPath, [oxlint, '--format=json', '-c', path.join(root, 'oxlint.config.ts'), '.'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const start = run.stdout.indexOf('{');
  if (start < 0) throw new Error(`oxlint gave no report (exit ${run.status}): ${run.stderr || run.stdout}`);
  const { diagnostics } = JSON.parse(run.stdout.slice(start)) as { diagnostics: OxlintDiagnostic[] };
  // Spans count UTF-8 bytes.
  const sources = new Map<string, Buffer>();
  const text = (file: string, offset: number, length: number) => {
    if (!sources.has(file)) sources.set(file, fs.readFileSync(path.resolve(root, file)));
    return sources.get(file)!.subarray(offset, offset + length).toString('utf8').replace(/\s+/g, ' ').trim();
  };
  return diagnostics
    .filter((d) => d.code === LITERAL_STRING_RULE)
    .flatMap((d) =>
      (d.labels ?? []).map(({ span }) => {
        const file = path.relative(root, path.resolve(root, d.filename)).split(path.sep).join('/');
        return `${file}:${span.line}:${span.column}: ${text(d.filename, span.offset, span.length)}`;
      }),
    )
    .sort();
}

if (import.meta.main) {
  const root = path.resolve(import.meta.dirname, '..', '..');
  const folders = namespaceFolders(root);
  const locales = localeReport(root);
  const literals = literalStringReport(root);
  for (const problem of locales) console.error(`  ${problem}`);
  for (const problem of literals) console.error(`  ${problem}: interface text must be a translation key (t('...'))`);
  console.info(
    `i18n check: ${folders.length} namespaces in ${LANGUAGE_CODES.length} languages, ${locales.length} translation problem(s), ` +
      `${literals.length} literal interface string(s)`,
  );
  process.exitCode = locales.length + literals.length > 0 ? 1 : 0;
}
