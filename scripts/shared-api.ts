// npm run shared:api: records the public API of @modula/shared (the names shared/src/index.ts exports)
// with its version in shared/api.json, after checking that the version fits the change: removing an
// export needs a new major, adding one a new minor. The scripts' tests fail while the record and the
// API or version disagree.
import path from 'node:path';
import { API_RECORD, writeApiRecord } from './lib/shared-api.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');
try {
  const record = writeApiRecord(repoRoot);
  console.info(`${API_RECORD}: @modula/shared ${record.version}, ${record.exports.length} exports`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
