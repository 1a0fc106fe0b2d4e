import { useCallback, useSyncExternalStore } from 'react';
import type { SizeUnit } from '../services/types';
import { defaultAreaUnit } from '../lib/area';
import { useLanguage } from './use-language';

/** The visitor's own choice of area unit, kept in this browser. */
export const AREA_UNIT_KEY = 'modula.areaUnit';
const listeners = new Set<() => void>();
/** The choice when storage is refused (private mode): it lasts for this page. */
let memory: SizeUnit | null = null;

function stored(): SizeUnit | null {
  try {
    const value = window.localStorage.getItem(AREA_UNIT_KEY);
    return value === 'sqm' || value === 'sqft' ? value : memory;
  } catch {
    return memory;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab's choice.
  const onStorage = (event: StorageEvent) => {
    if (event.key === AREA_UNIT_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The unit every area on the page is shown and filtered in: the visitor's choice, else square metres
 * (square feet for en-US). Cards, the listing page and the size filter all read it, so they agree.
 */
export function useAreaUnit(): [SizeUnit, (unit: SizeUnit) => void] {
  const language = useLanguage();
  const chosen = useSyncExternalStore(subscribe, stored, () => null);
  const choose = useCallback((unit: SizeUnit) => {
    memory = unit;
    try {
      window.localStorage.setItem(AREA_UNIT_KEY, unit);
    } catch {
      // Storage refused: `memory` keeps it.
    }
    for (const listener of listeners) listener();
  }, []);
  return [chosen ?? defaultAreaUnit(language, typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language]), choose];
}
