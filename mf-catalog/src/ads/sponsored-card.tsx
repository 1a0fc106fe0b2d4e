import { useEffect, useRef } from 'react';
import type { ListingSummary } from '../services/types';
import { PropertyCard, toCardProps } from '../components/property-card';
import { queueImpression, recordAdClick } from './tracking';

/** A card counts as seen when at least half of it is visible for one second. */
export const VISIBLE_RATIO = 0.5;
export const VISIBLE_MS = 1000;

/**
 * A sponsored slot of the results: the listing's card, marked "Sponsored", whose impressions (half
 * visible for a second) are batched and whose clicks go through the server's click call.
 */
export function SponsoredCard({ listing }: { listing: ListingSummary }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = ref.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    let shown: ReturnType<typeof setTimeout> | null = null;
    let counted = false;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (counted || !entry) return;
        if (entry.intersectionRatio >= VISIBLE_RATIO) {
          shown ??= setTimeout(() => {
            counted = true;
            queueImpression(listing.id);
            observer.disconnect();
          }, VISIBLE_MS);
        } else if (shown !== null) {
          clearTimeout(shown);
          shown = null;
        }
      },
      { threshold: [0, VISIBLE_RATIO, 1] },
    );
    observer.observe(node);
    return () => {
      observer.disconnect();
      if (shown !== null) clearTimeout(shown);
    };
  }, [listing.id]);

  // Any click inside the card that leads to the listing (its link, image, title) is the ad click;
  // the card's own buttons (favourite, share) are not.
  const onClickCapture = (event: React.MouseEvent) => {
    const target = event.target as HTMLElement;
    if (target.closest('button')) return;
    if (!target.closest('a')) return;
    void recordAdClick(listing.id);
  };

  return (
    <div ref={ref} onClickCapture={onClickCapture} data-sponsored-listing={listing.id} style={{ blockSize: '100%' }}>
      <PropertyCard {...toCardProps(listing)} sponsored priority={false} />
    </div>
  );
}

/**
 * Sponsored slots never take more than a third of a results page: of the rotated sponsored listings,
 * as many are kept as leave at least twice as many other results on the page (a listing shown in a
 * sponsored slot is not repeated among the results).
 */
export function withinThird<T extends { id: string }>(sponsored: readonly T[], results: readonly T[]): T[] {
  for (let count = sponsored.length; count > 0; count -= 1) {
    const kept = new Set(sponsored.slice(0, count).map((l) => l.id));
    const others = results.filter((l) => !kept.has(l.id)).length;
    if (count * 2 <= others) return sponsored.slice(0, count);
  }
  return [];
}
