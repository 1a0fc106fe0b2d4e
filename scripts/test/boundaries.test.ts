// Package boundaries: the lint rules that keep deployable parts apart catch the imports they forbid,
// the Supabase functions reach nothing outside supabase/functions (Edge deploys only that folder), and
// the tooling package declares what it uses.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { builtinModules } from 'node:module';
import { spawnSync } from 'node:child_process';
import { fakeRepo, remoteManifest, repoRoot, writeText } from './helpers.ts';

const scratchDirs: string[] = [];
after(() => {
  for (const dir of scratchDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** The module specifiers a TypeScript or JavaScript file imports, requires or dynamically imports. */
function specifiers(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)['"]([^'"]+)['"]/g)) found.push(match[1] ?? '');
  return found;
}

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? specifier);
}

describe('lint rules for package boundaries', () => {
  /**
   * A scratch repository with this repository's lint config and manifests reader, two apps and one file
   * per rule; oxlint runs there as `npm run lint` does here.
   */
  function lintScratch(files: Record<string, string>): { output: string; status: number | null } {
    const root = fakeRepo('lint', [remoteManifest('mf-catalog', 4301), remoteManifest('mf-reviews', 4306)]);
    scratchDirs.push(root);
    fs.copyFileSync(path.join(repoRoot, 'oxlint.config.ts'), path.join(root, 'oxlint.config.ts'));
    fs.mkdirSync(path.join(root, 'tooling'));
    fs.copyFileSync(path.join(repoRoot, 'tooling', 'apps.ts'), path.join(root, 'tooling', 'apps.ts'));
    fs.writeFileSync(path.join(root, 'tooling', 'package.json'), '{ "type": "module" }\n');
    fs.writeFileSync(path.join(root, 'package.json'), '{ "private": true, "type": "module" }\n');
    fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(root, 'node_modules'));
    for (const [file, text] of Object.entries(files)) writeText(path.join(root, file), text);
    const result = spawnSync(process.execPath, [path.join(repoRoot, 'node_modules', 'oxlint', 'bin', 'oxlint'), '--format', 'unix', '.'], {
      cwd: root,
      encoding: 'utf8',
    });
    return { output: `${result.stdout}${result.stderr}`, status: result.status };
  }

  const restricted = (output: string, file: string) =>
    output.split('\n').some((line) => line.startsWith(`${file}:`) && line.includes('no-restricted-imports'));

  test('forbid supabase/functions -> backend, e2e -> backend/src, bench -> backend/test, one app -> another and an app -> react-router', () => {
    const forbidden = {
      'supabase/functions/_shared/mailer.ts': "import { renderMail } from '../../../backend/src/mail/render.ts';\nexport { renderMail };\n",
      'e2e/fixtures/keys.ts': "import { loadKeys } from '../../backend/src/keys.ts';\nexport { loadKeys };\n",
      'bench/server.ts': "import { startTestServer } from '../backend/test/helpers/server.ts';\nexport { startTestServer };\n",
      'mf-catalog/src/reviews.ts': "import { x } from '../../mf-reviews/src/app.tsx';\nexport { x };\n",
      'mf-reviews/src/shell.ts': "import { y } from '@modula/shell';\nexport { y };\n",
      'shared/src/catalog.ts': "import { z } from '../../mf-catalog/src/app.tsx';\nexport { z };\n",
      'mf-catalog/src/link.ts': "import { Link } from 'react-router-dom';\nexport { Link };\n",
      'mf-reviews/src/match.ts': "import { matchPath } from 'react-router';\nexport { matchPath };\n",
    };
    const allowed = {
      'supabase/functions/_shared/ok.ts': "import { renderMail } from './mail/render.ts';\nexport { renderMail };\n",
      'e2e/fixtures/ok.ts': "import { readApiKeys } from '../../scripts/lib/backend.ts';\nexport { readApiKeys };\n",
      'bench/ok.ts': "import { startServer } from '../backend/src/server.ts';\nexport { startServer };\n",
      'mf-catalog/src/ok.ts': "import { Button } from '@modula/shared';\nexport { Button };\n",
      'mf-catalog/src/ok-link.ts': "import { Link } from '@modula/router';\nexport { Link };\n",
    };
    const { output, status } = lintScratch({ ...forbidden, ...allowed });
    assert.equal(status, 1, output);
    for (const file of Object.keys(forbidden)) assert.ok(restricted(output, file), `${file} was not refused:\n${output}`);
    for (const file of Object.keys(allowed)) assert.ok(!restricted(output, file), `${file} was refused:\n${output}`);
  });

  test('cover a new app from its manifest alone', () => {
    const { output } = lintScratch({ 'mf-reviews/src/catalog.ts': "import { x } from '@modula/mf-catalog';\nexport { x };\n" });
    assert.ok(restricted(output, 'mf-reviews/src/catalog.ts'), output);
  });
});

describe('the Supabase functions', () => {
  const functionsDir = path.join(repoRoot, 'supabase', 'functions');
  const functions = fs
    .readdirSync(functionsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
    .map((entry) => entry.name);

  // The form schemas of @modula/shared are written for Deno too (relative .ts imports, zod only), so a
  // function checks input with the browser's own schema. Deployed with the CLI's Docker bundler, which
  // follows such imports (supabase/cli#1103); `functions deploy --use-api` does not (supabase/cli#3467).
  const schemasDir = path.join(repoRoot, 'shared', 'src', 'schemas');

  test('reach only files inside supabase/functions, the shared form schemas and packages their deno.json maps', () => {
    assert.ok(functions.length >= 4);
    for (const name of functions) {
      const denoJson = JSON.parse(fs.readFileSync(path.join(functionsDir, name, 'deno.json'), 'utf8')) as { imports?: Record<string, string> };
      const mapped = new Set(Object.keys(denoJson.imports ?? {}));
      const seen = new Set<string>();
      const queue = [path.join(functionsDir, name, 'index.ts')];
      while (queue.length > 0) {
        const file = queue.pop() ?? '';
        if (seen.has(file)) continue;
        seen.add(file);
        for (const specifier of specifiers(file)) {
          if (specifier.startsWith('.')) {
            const target = path.resolve(path.dirname(file), specifier);
            const inside = [functionsDir, schemasDir].some((dir) => target.startsWith(`${dir}${path.sep}`));
            assert.ok(inside, `${path.relative(repoRoot, file)} imports ${specifier}, outside supabase/functions and shared/src/schemas`);
            assert.ok(fs.existsSync(target), `${path.relative(repoRoot, file)} imports ${specifier}, which does not exist`);
            queue.push(target);
          } else if (!specifier.startsWith('node:') && !specifier.startsWith('npm:') && !specifier.startsWith('jsr:')) {
            assert.ok(mapped.has(specifier), `${path.relative(repoRoot, file)} imports "${specifier}", which ${name}/deno.json does not map`);
          }
        }
      }
      // The mail templates come along with every function that sends mail.
      if (name === 'auth-email') assert.ok([...seen].some((file) => file.includes(`${path.sep}_shared${path.sep}mail${path.sep}templates${path.sep}`)));
    }
  });
});

describe('the tooling package', () => {
  const toolingDir = path.join(repoRoot, 'tooling');
  const pkg = JSON.parse(fs.readFileSync(path.join(toolingDir, 'package.json'), 'utf8')) as {
    main: string;
    exports: Record<string, string>;
    dependencies: Record<string, string>;
    devDependencies?: Record<string, string>;
  };

  test('main and every export point to files that exist', () => {
    assert.ok(fs.existsSync(path.join(toolingDir, pkg.main)), `main ${pkg.main} does not exist`);
    for (const [name, target] of Object.entries(pkg.exports)) assert.ok(fs.existsSync(path.join(toolingDir, target)), `export ${name} -> ${target} does not exist`);
  });

  test('declares every package its files use, pinned', () => {
    const declared = { ...pkg.dependencies, ...pkg.devDependencies };
    const builtins = new Set(builtinModules);
    const used = new Set<string>();
    for (const file of fs.readdirSync(toolingDir).filter((f) => /\.(c?js|ts)$/.test(f))) {
      for (const specifier of specifiers(path.join(toolingDir, file))) {
        if (specifier.startsWith('.') || specifier.startsWith('node:') || builtins.has(specifier)) continue;
        used.add(packageName(specifier));
      }
    }
    // The jest preset names these by string (transform, environment) instead of importing them.
    for (const name of ['@swc/jest', 'jest-environment-jsdom', 'jest', 'swc-loader', '@swc/core', 'webpack-cli', 'webpack-dev-server']) used.add(name);
    for (const name of used) {
      if (name === '@types/semver') continue;
      assert.ok(declared[name], `tooling uses ${name} but its package.json does not declare it`);
      assert.match(declared[name] ?? '', /^\d+\.\d+\.\d+$/, `${name} must be pinned to an exact version`);
    }
  });
});
