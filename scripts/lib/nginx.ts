// Renders nginx/nginx.conf.template: for production (nginx/nginx.conf) and for the e2e run and CI,
// which put nginx in front of a backend on a random port with a temporary deploy root.
import fs from 'node:fs';
import path from 'node:path';

export interface NginxSettings {
  listen: string;
  backend: string;
  deployDir: string;
  runDir: string;
  logDir: string;
  mimeTypes: string;
  /** The worker user (only meaningful when nginx starts as root); null leaves nginx's default. */
  user: string | null;
}

export const PRODUCTION_SETTINGS: NginxSettings = {
  listen: '80',
  backend: '127.0.0.1:8080',
  deployDir: '/srv/modula/.deploy',
  runDir: '/run/nginx-modula',
  logDir: '/var/log/nginx',
  mimeTypes: '/etc/nginx/mime.types',
  user: 'www-data',
};

export function renderNginx(template: string, settings: NginxSettings): string {
  const values: Record<string, string> = {
    USER_LINE: settings.user ? `user ${settings.user};` : '# user: nginx runs its workers as the user that starts it',
    LISTEN: settings.listen,
    BACKEND: settings.backend,
    DEPLOY_DIR: settings.deployDir,
    RUN_DIR: settings.runDir,
    LOG_DIR: settings.logDir,
    MIME_TYPES: settings.mimeTypes,
  };
  const rendered = template.replace(/\{\{([A-Z_]+)\}\}/g, (match, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`nginx template: unknown placeholder ${match}`);
    return value;
  });
  return `# GENERATED from nginx/nginx.conf.template. Do not edit by hand.\n${rendered}`;
}

export function renderNginxFile(repoRoot: string, settings: NginxSettings, output: string): void {
  const template = fs.readFileSync(path.join(repoRoot, 'nginx', 'nginx.conf.template'), 'utf8');
  fs.mkdirSync(path.dirname(output), { recursive: true });
  for (const dir of [settings.runDir, settings.logDir]) fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(output, renderNginx(template, settings));
}
