import { RestError } from './errors.ts';

export interface Preferences {
  return: 'minimal' | 'representation' | 'headers-only' | null;
  count: 'exact' | 'planned' | 'estimated' | null;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null;
  missing: 'default' | 'null' | null;
  tx: 'commit' | 'rollback' | null;
  handling: 'strict' | 'lenient' | null;
  maxAffected: number | null;
  singleObject: boolean;
  /** The preferences that were understood, for the Preference-Applied header. */
  applied: string[];
}

const ALLOWED: Record<string, readonly string[]> = {
  return: ['minimal', 'representation', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  tx: ['commit', 'rollback'],
  handling: ['strict', 'lenient'],
  params: ['single-object'],
};

/**
 * Parses Prefer: a comma list in any order, possibly over several header lines. Unknown values are
 * ignored unless handling=strict asks for an error, as PostgREST does.
 */
export function parsePrefer(header: string | string[] | undefined): Preferences {
  const prefs: Preferences = {
    return: null,
    count: null,
    resolution: null,
    missing: null,
    tx: null,
    handling: null,
    maxAffected: null,
    singleObject: false,
    applied: [],
  };
  const raw = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').map((s) => s.trim()).filter(Boolean);
  const invalid: string[] = [];
  for (const item of raw) {
    const eq = item.indexOf('=');
    const key = (eq < 0 ? item : item.slice(0, eq)).trim().toLowerCase();
    const value = (eq < 0 ? '' : item.slice(eq + 1)).trim().toLowerCase();
    if (key === 'max-affected') {
      if (/^\d{1,15}$/.test(value)) {
        prefs.maxAffected = Number(value);
        prefs.applied.push(`max-affected=${value}`);
      } else invalid.push(item);
      continue;
    }
    if (key === 'timezone') continue;
    const allowed = ALLOWED[key];
    if (!allowed || !allowed.includes(value)) {
      invalid.push(item);
      continue;
    }
    switch (key) {
      case 'return':
        prefs.return = value as Preferences['return'];
        break;
      case 'count':
        prefs.count = value as Preferences['count'];
        break;
      case 'resolution':
        prefs.resolution = value as Preferences['resolution'];
        break;
      case 'missing':
        prefs.missing = value as Preferences['missing'];
        break;
      case 'tx':
        prefs.tx = value as Preferences['tx'];
        break;
      case 'handling':
        prefs.handling = value as Preferences['handling'];
        break;
      case 'params':
        prefs.singleObject = true;
        break;
    }
    prefs.applied.push(`${key}=${value}`);
  }
  if (prefs.handling === 'strict' && invalid.length > 0) {
    throw new RestError(400, 'PGRST122', 'Invalid preferences given with handling=strict', {
      details: `Invalid preferences: ${invalid.join(', ')}`,
    });
  }
  return prefs;
}
