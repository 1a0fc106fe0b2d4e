// npm run render:nginx: regenerates nginx/nginx.conf (the production layout) from the template.
import fs from 'node:fs';
import path from 'node:path';
import { PRODUCTION_SETTINGS, renderNginx } from './lib/nginx.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');
const template = fs.readFileSync(path.join(repoRoot, 'nginx', 'nginx.conf.template'), 'utf8');
fs.writeFileSync(path.join(repoRoot, 'nginx', 'nginx.conf'), renderNginx(template, PRODUCTION_SETTINGS));
console.info('nginx/nginx.conf rendered from nginx/nginx.conf.template');
