// npm run start:cluster: its precondition (PostgreSQL) and nginx's upstream of the processes. The
// processes themselves under load are backend/test/cluster/.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ClusterError, requireDatabaseUrl } from '../lib/cluster.ts';
import { PRODUCTION_SETTINGS, renderNginx } from '../lib/nginx.ts';
import { repoRoot } from './helpers.ts';

const template = fs.readFileSync(path.join(repoRoot, 'nginx', 'nginx.conf.template'), 'utf8');

describe('npm run start:cluster', () => {
  test('refuses to start without DATABASE_URL, saying why and what to set', () => {
    const env = { ...process.env };
    delete env.DATABASE_URL;
    const result = spawnSync(process.execPath, [path.join(repoRoot, 'scripts', 'start-cluster.ts'), '--processes', '2'], { env, encoding: 'utf8' });
    assert.equal(result.status, 1);
    assert.match(result.stderr, /start:cluster needs PostgreSQL: set DATABASE_URL/);
    assert.throws(() => requireDatabaseUrl({ DATABASE_URL: 'mysql://x' }), ClusterError);
    assert.equal(requireDatabaseUrl({ DATABASE_URL: 'postgres://postgres@127.0.0.1/modula' }), 'postgres://postgres@127.0.0.1/modula');
  });

  test('refuses a process count that is not a whole number from 1 to 64', () => {
    const result = spawnSync(process.execPath, [path.join(repoRoot, 'scripts', 'start-cluster.ts'), '--processes', 'many'], {
      env: { ...process.env, DATABASE_URL: 'postgres://postgres@127.0.0.1/modula' },
      encoding: 'utf8',
    });
    assert.equal(result.status, 1);
    assert.match(result.stderr, /--processes must be a whole number from 1 to 64, got "many"/);
  });
});

describe('the nginx template', () => {
  test('renders an upstream with one server line per backend process', () => {
    const conf = renderNginx(template, { ...PRODUCTION_SETTINGS, backend: ['127.0.0.1:9001', '127.0.0.1:9002', '127.0.0.1:9003'] });
    const upstream = /upstream modula_backend \{([^}]*)\}/.exec(conf)?.[1] ?? '';
    assert.deepEqual(
      upstream.split('\n').map((l) => l.trim()).filter((l) => l.startsWith('server ')),
      ['127.0.0.1:9001', '127.0.0.1:9002', '127.0.0.1:9003'].map((s) => `server ${s} max_fails=1 fail_timeout=5s;`),
    );
    assert.match(conf, /proxy_set_header Upgrade \$http_upgrade;/);
    assert.match(conf, /proxy_next_upstream error timeout http_503;/);
    assert.match(conf, /location = \/ready \{/);
  });

  test('nginx/nginx.conf is the template rendered for production', () => {
    assert.equal(fs.readFileSync(path.join(repoRoot, 'nginx', 'nginx.conf'), 'utf8'), renderNginx(template, PRODUCTION_SETTINGS));
  });
});
