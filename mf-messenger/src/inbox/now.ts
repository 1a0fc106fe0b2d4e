import { useEffect, useState } from 'react';

/**
 * The current time for rendering (what is upcoming, which day is "today"), read once and then every
 * minute, so rendering stays pure.
 */
export function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
