// Renders nginx/nginx.conf.template: for production (nginx/nginx.conf) and for the e2e run and CI,
// which put nginx in front of a backend on a random port with a temporary deploy root.
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { stopChild, waitUntilAnswers } from './child.ts';

/** The nginx binary the e2e run and the benchmarks start (NGINX_PATH overrides Debian's). */
export const NGINX_PATH = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/**
 * Debian's libnginx-mod-http-brotli-static (NGINX_BROTLI_MODULE overrides the path): sends the .br files
 * the build makes. Without it nginx still sends the .gz files (gzip_static is built in).
 */
export const BROTLI_STATIC_MODULE = process.env.NGINX_BROTLI_MODULE ?? '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

/** The brotli_static module's path when this machine has it, else null (nginx then serves gzip only). */
export function installedBrotliModule(file = BROTLI_STATIC_MODULE): string | null {
  return fs.existsSync(file) ? file : null;
}

export interface NginxSettings {
  listen: string;
  /** host:port of the backend, or of each backend process (an upstream of several). */
  backend: string | string[];
  deployDir: string;
  runDir: string;
  logDir: string;
  mimeTypes: string;
  /** The worker user (only meaningful when nginx starts as root); null leaves nginx's default. */
  user: string | null;
  /** The brotli_static module to load, or null where it is not installed (gzip_static only). */
  brotliModule: string | null;
}

export const PRODUCTION_SETTINGS: NginxSettings = {
  listen: '80',
  backend: '127.0.0.1:8080',
  deployDir: '/srv/modula/.deploy',
  runDir: '/run/nginx-modula',
  logDir: '/var/log/nginx',
  mimeTypes: '/etc/nginx/mime.types',
  user: 'www-data',
  // Production installs libnginx-mod-http-brotli-static (README, Prerequisites).
  brotliModule: BROTLI_STATIC_MODULE,
};

export function renderNginx(template: string, settings: NginxSettings): string {
  const values: Record<string, string> = {
    USER_LINE: settings.user ? `user ${settings.user};` : '# user: nginx runs its workers as the user that starts it',
    BROTLI_LOAD: settings.brotliModule
      ? `load_module ${settings.brotliModule};`
      : '# brotli_static: libnginx-mod-http-brotli-static is not installed; only the .gz files are sent',
    BROTLI_STATIC: settings.brotliModule ? 'brotli_static on;' : '# brotli_static on; (module not installed)',
    LISTEN: settings.listen,
    UPSTREAM_SERVERS: (Array.isArray(settings.backend) ? settings.backend : [settings.backend])
      .map((server) => `server ${server} max_fails=1 fail_timeout=5s;`)
      .join('\n    '),
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

export interface RunningNginx {
  url: string;
  stop: () => Promise<void>;
}

/**
 * nginx as in production (the template rendered with its files under `root`/nginx) on 127.0.0.1:`port`,
 * in front of the backend at `backendUrl` (or an upstream of the processes at each URL), serving
 * `deployDir`; resolves once it answers. For the e2e run, the benchmarks and start:cluster.
 */
export async function startNginx(
  repoRoot: string,
  {
    root,
    port,
    backendUrl,
    deployDir,
    quiet = false,
  }: { root: string; port: number; backendUrl: string | string[]; deployDir: string; quiet?: boolean },
): Promise<RunningNginx> {
  const dir = path.join(root, 'nginx');
  const conf = path.join(dir, 'nginx.conf');
  const logDir = path.join(dir, 'logs');
  renderNginxFile(
    repoRoot,
    {
      listen: `127.0.0.1:${port}`,
      backend: Array.isArray(backendUrl) ? backendUrl.map((u) => new URL(u).host) : new URL(backendUrl).host,
      deployDir,
      runDir: path.join(dir, 'run'),
      logDir,
      mimeTypes: '/etc/nginx/mime.types',
      // As root, nginx would run its workers as "nobody", who cannot read the private temp folders.
      user: process.getuid?.() === 0 ? 'root' : null,
      brotliModule: installedBrotliModule(),
    },
    conf,
  );
  const child = spawn(NGINX_PATH, ['-p', dir, '-c', conf, '-e', path.join(logDir, 'error.log'), '-g', 'daemon off;'], {
    stdio: quiet ? 'ignore' : 'inherit',
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilAnswers(`${url}/index.html`, child, { name: 'nginx', timeoutMs: 20_000, intervalMs: 100 });
  } catch (error) {
    await stopChild(child, 'SIGQUIT');
    throw error;
  }
  return { url, stop: () => stopChild(child, 'SIGQUIT') };
}
