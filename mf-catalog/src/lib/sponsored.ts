/** How many sponsored listings open the first page of results. */
export const SPONSORED_SLOTS = 3;

interface Sponsorable {
  id: string;
  sponsor_priority?: number;
}

/** A small deterministic generator (mulberry32): the same seed gives the same rotation. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Picks the sponsored listings to show and their order: weighted by priority without replacement, so a
 * priority-10 sponsor leads far more often than a priority-1 one, yet every active sponsor gets turns as
 * the seed changes from visit to visit.
 */
export function rotateSponsored<T extends Sponsorable>(items: readonly T[], seed: number, slots = SPONSORED_SLOTS): T[] {
  const next = random(seed);
  const pool = [...items];
  const chosen: T[] = [];
  while (pool.length > 0 && chosen.length < slots) {
    const weights = pool.map((item) => Math.max(1, item.sponsor_priority ?? 1));
    let pick = next() * weights.reduce((a, b) => a + b, 0);
    let index = 0;
    while (index < pool.length - 1 && pick >= weights[index]!) {
      pick -= weights[index]!;
      index += 1;
    }
    chosen.push(pool.splice(index, 1)[0]!);
  }
  return chosen;
}

/** A seed that changes on every visit to a results page within the tab. */
export function nextRotationSeed(): number {
  try {
    const key = 'modula.catalog.rotation';
    const value = (Number(window.sessionStorage.getItem(key)) || 0) + 1;
    window.sessionStorage.setItem(key, String(value));
    return value * 7919;
  } catch {
    return Math.floor(Math.random() * 1e6);
  }
}
