import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';

interface Fold {
  /** What the row showed when it was measured. */
  content: string;
  /** How many groups are folded into the menu. */
  level: number;
  /** needed[n]: the width the row needed with n groups folded, measured when it folded one more. */
  needed: number[];
}

const NONE: number[] = [];

const tooWide = (element: HTMLElement) => element.scrollWidth > element.clientWidth + 1;

/**
 * How many of the header's groups (in the order the header gives up on them: dashboard buttons,
 * navigation links, account buttons) must move into its menu for the row to fit the room it has,
 * whatever the language, the user's name or the page make them weigh: no breakpoint can know that, so
 * the row is measured. `content` names what the row shows (language, user, page); a fold measured for
 * other content no longer holds, so the full row renders and is measured again, before paint.
 */
export function useFold(row: RefObject<HTMLElement | null>, content: string, groups: number): number {
  const [fold, setFold] = useState<Fold | null>(null);
  const current = fold !== null && fold.content === content ? fold : { content, level: 0, needed: NONE };
  const { level } = current;

  // Measuring the rendered row before the browser paints it is what a layout effect is for (React's docs,
  // "Measuring layout before the browser repaints the screen"): one more group folds each time it is too wide.
  useLayoutEffect(() => {
    const element = row.current;
    if (!element || level >= groups || !tooWide(element)) return;
    // oxlint-disable-next-line react/set-state-in-effect -- a measurement of the DOM, not derived state
    setFold({ content, level: level + 1, needed: [...current.needed.slice(0, level), element.scrollWidth] });
  }, [row, level, content, groups, current.needed]);

  // Whether the row fits depends on the room it has (the row's own size) and on what its parts weigh,
  // which can change without new content (a translation arriving late, a control changing its label):
  // each part is observed too.
  useEffect(() => {
    const element = row.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => {
      const widthBefore = current.needed[level - 1];
      if (level > 0 && widthBefore !== undefined && element.clientWidth >= widthBefore) {
        setFold({ content, level: level - 1, needed: current.needed.slice(0, level - 1) });
      } else if (level < groups && tooWide(element)) {
        setFold({ content, level: level + 1, needed: [...current.needed.slice(0, level), element.scrollWidth] });
      }
    });
    observer.observe(element);
    for (const part of element.children) observer.observe(part);
    return () => observer.disconnect();
  }, [row, level, content, groups, current.needed]);

  return level;
}
