// Which app owns a path: the registry's routes (react-router patterns) and the shell's own pages.
import type { AccessRule } from '@modula/shared/contracts';

export interface CompiledRoute {
  pattern: string;
  access: AccessRule;
  regex: RegExp;
  names: string[];
}

/** "/property/:id" -> /^\/property\/([^/]+)$/ ; ":x?" optional; a trailing "/*" matches the rest. */
export function compileRoute(pattern: string, access: AccessRule): CompiledRoute {
  const names: string[] = [];
  let source = '';
  const segments = pattern.split('/').slice(1);
  for (const segment of segments) {
    if (segment === '*') {
      source += '(?:/.*)?';
      continue;
    }
    if (segment.startsWith(':')) {
      const optional = segment.endsWith('?');
      names.push(segment.slice(1, optional ? -1 : undefined));
      source += optional ? '(?:/([^/]+))?' : '/([^/]+)';
      continue;
    }
    if (segment === '') continue;
    source += `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
  }
  return { pattern, access, names, regex: new RegExp(`^${source || '/'}$`, 'i') };
}

export function matchRoute(route: CompiledRoute, path: string): Record<string, string> | null {
  const match = route.regex.exec(path);
  if (!match) return null;
  const params: Record<string, string> = {};
  route.names.forEach((name, index) => {
    const value = match[index + 1];
    if (value === undefined) return;
    try {
      params[name] = decodeURIComponent(value);
    } catch {
      params[name] = value;
    }
  });
  return params;
}

/** The path as the router sees it: without a trailing slash (except "/"). */
export function normalisePath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
}
