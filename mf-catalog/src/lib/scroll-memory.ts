// Where the visitor was on each page they visited, by history entry: coming back to an entry (the Back
// button) returns to that position, as a browser does for ordinary pages. A remote renders after the
// browser's own restoration would have run, so the catalogue does it itself.
const STORAGE_KEY = 'modula.catalog.scroll';
const MAX_ENTRIES = 50;

let positions: Map<string, number> | null = null;

function load(): Map<string, number> {
  if (positions) return positions;
  positions = new Map();
  try {
    const stored = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '[]') as unknown;
    if (Array.isArray(stored)) {
      for (const item of stored) {
        if (Array.isArray(item) && typeof item[0] === 'string' && typeof item[1] === 'number') positions.set(item[0], item[1]);
      }
    }
  } catch {
    // Unreadable storage: start empty.
  }
  return positions;
}

export function savePosition(entry: string, y: number): void {
  const map = load();
  map.delete(entry);
  map.set(entry, Math.max(0, Math.round(y)));
  while (map.size > MAX_ENTRIES) map.delete(map.keys().next().value as string);
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...map]));
  } catch {
    // Storage full or refused: the position lasts for this page.
  }
}

export function savedPosition(entry: string): number | undefined {
  return load().get(entry);
}

/** For tests: forget everything. */
export function resetScrollMemory(): void {
  positions = null;
}
