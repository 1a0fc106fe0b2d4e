import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { useEffect } from 'react';
import { act, render, screen } from '@testing-library/react';
import { dispatch, subscribe } from '@modula/shared';
import { markRouteSettled, resetRouteSettledForTesting, useWidgetStart } from './widget-start';

/** expose hands the test the hook's mount callback, which the widget's RemoteParcel calls in the app. */
function Slot({ expose }: { expose?: (widgetMounted: () => void) => void }) {
  const { started, onWidgetMounted } = useWidgetStart(5000);
  useEffect(() => {
    expose?.(onWidgetMounted);
  });
  return <p>{started ? 'widget loading' : 'widget waiting'}</p>;
}

beforeEach(() => {
  jest.useFakeTimers();
  resetRouteSettledForTesting();
});
afterEach(() => {
  jest.useRealTimers();
});

describe('the messenger widget loads after the page (issue 2)', () => {
  test('waits for the route remote to settle, then for idle time', () => {
    render(<Slot />);
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByText('widget waiting')).toBeTruthy();
    act(() => markRouteSettled());
    // Idle time (jsdom has no requestIdleCallback: the next timer turn).
    expect(screen.getByText('widget waiting')).toBeTruthy();
    act(() => jest.advanceTimersByTime(5));
    expect(screen.getByText('widget loading')).toBeTruthy();
  });

  test('a route that never mounts a remote does not keep the widget away', () => {
    render(<Slot />);
    act(() => jest.advanceTimersByTime(5000 + 5));
    expect(screen.getByText('widget loading')).toBeTruthy();
  });

  test('a request for the messenger loads it at once and is delivered once the widget has mounted', () => {
    let widgetMounted = () => undefined as void;
    render(
      <Slot
        expose={(callback) => {
          widgetMounted = callback;
        }}
      />,
    );
    const received: unknown[] = [];
    // The widget's own listener exists only after its parcel mounted.
    act(() => dispatch('modula:open-messenger', { vendorId: 'v1', listingId: 'l1' }));
    expect(screen.getByText('widget loading')).toBeTruthy();
    const unsubscribe = subscribe('modula:open-messenger', (detail) => received.push(detail));
    act(() => widgetMounted());
    expect(received).toEqual([{ vendorId: 'v1', listingId: 'l1' }]);
    // Later requests go to the mounted widget only; the shell does not repeat them.
    act(() => dispatch('modula:open-messenger', {}));
    act(() => widgetMounted());
    expect(received).toEqual([{ vendorId: 'v1', listingId: 'l1' }, {}]);
    unsubscribe();
  });
});
