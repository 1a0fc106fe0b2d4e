import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { useFold } from './use-fold';

/** A row whose widths are set by the test: with n groups folded it needs widths.needs[n] px. */
const widths = { room: 1280, needs: [1490, 1220, 900, 700] };
let resize: (() => void) | null = null;
let observed: Element[] = [];

class FakeResizeObserver {
  constructor(callback: () => void) {
    resize = callback;
    observed = [];
  }
  observe(target: Element): void {
    observed.push(target);
  }
  disconnect(): void {
    observed = [];
  }
}

function Row({ content }: { content: string }) {
  const row = useRef<HTMLDivElement>(null);
  const level = useFold(row, content, 3);
  return (
    <div
      ref={(element) => {
        row.current = element;
        if (!element) return;
        Object.defineProperty(element, 'clientWidth', { configurable: true, get: () => widths.room });
        Object.defineProperty(element, 'scrollWidth', {
          configurable: true,
          get: () => Math.max(widths.room, widths.needs[Number(element.dataset.level)] ?? 0),
        });
      }}
      data-level={level}
    >
      <span>{`folded ${level}`}</span>
      <span>Actions</span>
    </div>
  );
}

/** How many groups the row shows folded. */
const folded = () => Number(screen.getByText(/^folded \d$/).textContent?.slice('folded '.length));

/** The row gets `room` px (the window was resized): how many groups it folds then. */
function foldedAt(room: number): number {
  widths.room = room;
  act(() => resize?.());
  return folded();
}

beforeEach(() => {
  Object.assign(globalThis, { ResizeObserver: FakeResizeObserver });
  widths.room = 1280;
  widths.needs = [1490, 1220, 900, 700];
});
afterEach(() => {
  resize = null;
});

describe('header folding', () => {
  test('a row that fits keeps every group', () => {
    widths.room = 1600;
    render(<Row content="en" />);
    expect(folded()).toBe(0);
  });

  test('a row too wide folds one group after another until it fits, before it is seen', () => {
    render(<Row content="en" />);
    expect(folded()).toBe(1);
    expect(foldedAt(1024)).toBe(2);
  });

  test('it folds at most every group, even when that is still too wide', () => {
    widths.room = 500;
    render(<Row content="en" />);
    expect(folded()).toBe(3);
  });

  test('it unfolds a group once the room is as wide as that group needed, and folds again when narrowed', () => {
    widths.room = 1000;
    render(<Row content="en" />);
    expect(folded()).toBe(2);
    expect(foldedAt(1219)).toBe(2);
    expect(foldedAt(1220)).toBe(1);
    expect(foldedAt(1490)).toBe(0);
    expect(foldedAt(1300)).toBe(1);
  });

  test('new content (another language, another user) is measured afresh', () => {
    const { rerender } = render(<Row content="en" />);
    expect(folded()).toBe(1);
    // Shorter labels now fit the same room.
    widths.needs = [1200, 1000, 900, 700];
    rerender(<Row content="fi" />);
    expect(folded()).toBe(0);
    widths.needs = [1700, 1400, 1100, 800];
    rerender(<Row content="de" />);
    expect(folded()).toBe(2);
  });

  test('a part that grows while the content stays the same (a late translation) folds the row', () => {
    widths.room = 1600;
    render(<Row content="en" />);
    expect(folded()).toBe(0);
    // The row keeps its size, so only the parts' observers can tell that it no longer fits.
    expect(observed).toContain(screen.getByText('Actions'));
    widths.needs = [1700, 1400, 900, 700];
    act(() => resize?.());
    expect(folded()).toBe(1);
  });
});
