import { useEffect, useLayoutEffect, useMemo, useState, type RefObject } from 'react';

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

/** One more group folded, remembering the width the row needed before it. */
const foldOneMore = ({ content, level, needed }: Fold, element: HTMLElement): Fold => ({
  content,
  level: level + 1,
  needed: [...needed.slice(0, level), element.scrollWidth],
});

/**
 * How many of the header's groups (in the order the header gives up on them: dashboard buttons,
 * navigation links, account buttons) must move into its menu for the row to fit the room it has,
 * whatever the language, the user's name or the page make them weigh: no breakpoint can know that, so
 * the row is measured. `content` names what the row shows (language, user, page); a fold measured for
 * other content no longer holds, so the full row renders and is measured again, before paint.
 */
export function useFold(row: RefObject<HTMLElement | null>, content: string, groups: number): number {
  const [fold, setFold] = useState<Fold | null>(null);
  const current = useMemo<Fold>(() => (fold !== null && fold.content === content ? fold : { content, level: 0, needed: NONE }), [fold, content]);

  // Measuring the rendered row before the browser paints it is what a layout effect is for (React's docs,
  // "Measuring layout before the browser repaints the screen"): one more group folds each time it is too wide.
  useLayoutEffect(() => {
    const element = row.current;
    if (!element || current.level >= groups || !tooWide(element)) return;
    // oxlint-disable-next-line react/set-state-in-effect -- a measurement of the DOM, not derived state
    setFold(foldOneMore(current, element));
  }, [row, groups, current]);

  // Whether the row fits depends on the room it has (the row's own size) and on what its parts weigh,
  // which can change without new content (a translation arriving late, a control changing its label):
  // each part is observed too.
  useEffect(() => {
    const element = row.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const { content: shown, level, needed } = current;
    const observer = new ResizeObserver(() => {
      const widthBefore = needed[level - 1];
      if (level > 0 && widthBefore !== undefined && element.clientWidth >= widthBefore) {
        setFold({ content: shown, level: level - 1, needed: needed.slice(0, level - 1) });
      } else if (level < groups && tooWide(element)) {
        setFold(foldOneMore(current, element));
      }
    });
    observer.observe(element);
    for (const part of element.children) observer.observe(part);
    return () => observer.disconnect();
  }, [row, groups, current]);

  return current.level;
}
