// The public API of @modula/shared (the names its main entry exports) and the record of it kept with its
// version in shared/api.json, so the version changes when the API does (ARCHITECTURE.md, "@modula/shared
// versions"): removing or renaming an export needs a new major, adding one a new minor.
import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';

export const API_RECORD = 'shared/api.json';

export interface ApiRecord {
  version: string;
  exports: string[];
}

/** The names shared/src/index.ts exports (values and types), sorted. */
export function sharedExports(repoRoot: string): string[] {
  const file = path.join(repoRoot, 'shared', 'src', 'index.ts');
  const text = fs.readFileSync(file, 'utf8').replace(/\/\/.*$/gm, '').replace(/\/\*[\s\S]*?\*\//g, '');
  if (/export\s*\*/.test(text)) throw new Error(`${file} uses "export *": name every export so the API can be versioned`);
  const names = new Set<string>();
  for (const match of text.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g)) {
    for (const part of (match[1] ?? '').split(',')) {
      const name = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/).pop()?.trim();
      if (name) names.add(name);
    }
  }
  for (const match of text.matchAll(/export\s+(?:declare\s+)?(?:async\s+)?(?:function|const|let|class|interface|type|enum)\s+([A-Za-z_$][\w$]*)/g)) {
    names.add(match[1] ?? '');
  }
  return [...names].sort();
}

export function sharedVersion(repoRoot: string): string {
  return (JSON.parse(fs.readFileSync(path.join(repoRoot, 'shared', 'package.json'), 'utf8')) as { version: string }).version;
}

export function readApiRecord(repoRoot: string): ApiRecord | null {
  const file = path.join(repoRoot, API_RECORD);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as ApiRecord) : null;
}

export interface ApiComparison {
  added: string[];
  removed: string[];
}

export function compareApi(recorded: readonly string[], current: readonly string[]): ApiComparison {
  return { added: current.filter((name) => !recorded.includes(name)), removed: recorded.filter((name) => !current.includes(name)) };
}

/**
 * Why the version in shared/package.json does not fit the change since the record, or null. Removing
 * (or renaming) an export needs a higher major; adding one a higher minor (or major); any version
 * change must go up.
 */
export function bumpProblem(record: ApiRecord, version: string, change: ApiComparison): string | null {
  if (!semver.valid(version)) return `shared/package.json version "${version}" is not a semantic version`;
  if (semver.lt(version, record.version)) return `shared/package.json version ${version} is lower than the recorded ${record.version}`;
  if (change.removed.length > 0 && semver.major(version) <= semver.major(record.version)) {
    return `removing ${change.removed.join(', ')} breaks remotes built against ${record.version}: bump the major (${semver.inc(record.version, 'major')})`;
  }
  if (change.added.length > 0 && semver.major(version) === semver.major(record.version) && semver.minor(version) <= semver.minor(record.version)) {
    return `adding ${change.added.join(', ')} is a new minor: bump to ${semver.inc(record.version, 'minor')}`;
  }
  return null;
}

/** What is wrong between the API, the version and the record, with what to do; empty when they agree. */
export function apiProblems(repoRoot: string): string[] {
  const record = readApiRecord(repoRoot);
  const version = sharedVersion(repoRoot);
  const current = sharedExports(repoRoot);
  if (!record) return [`${API_RECORD} is missing: run npm run shared:api`];
  const change = compareApi(record.exports, current);
  const problems: string[] = [];
  if (change.added.length > 0 || change.removed.length > 0) {
    const what = [change.removed.length > 0 ? `removed ${change.removed.join(', ')}` : '', change.added.length > 0 ? `added ${change.added.join(', ')}` : '']
      .filter(Boolean)
      .join('; ');
    problems.push(`the API of @modula/shared changed since ${record.version} (${what})`);
  }
  const bump = bumpProblem(record, version, change);
  if (bump) problems.push(bump);
  else if (problems.length > 0 && version === record.version) problems.push(`bump shared/package.json's version`);
  if (problems.length === 0 && version !== record.version) problems.push(`shared/package.json is ${version} but ${API_RECORD} records ${record.version}`);
  if (problems.length > 0) problems.push(`then run npm run shared:api to record the API with the new version (and widen the remotes' @modula/shared ranges if they need it)`);
  return problems;
}

/** Writes the record for the current API and version, refusing a version that does not fit the change. */
export function writeApiRecord(repoRoot: string): ApiRecord {
  const version = sharedVersion(repoRoot);
  const current = sharedExports(repoRoot);
  const record = readApiRecord(repoRoot);
  if (record) {
    const problem = bumpProblem(record, version, compareApi(record.exports, current));
    if (problem) throw new Error(problem);
  }
  const next: ApiRecord = { version, exports: current };
  fs.writeFileSync(path.join(repoRoot, API_RECORD), `${JSON.stringify(next, null, 2)}\n`);
  return next;
}
