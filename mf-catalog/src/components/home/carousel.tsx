import { useRef, type ReactNode, type RefObject } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { Icon } from '../icons';

/** Spec section 9: the carousel moves 400 px per step. */
export const CAROUSEL_STEP_PX = 400;

const Track = styled.ul`
  list-style: none; margin: 0; padding: 4px 2px 16px; display: grid; grid-auto-flow: column;
  grid-auto-columns: min(300px, 82vw); gap: ${({ theme }) => theme.space(5)};
  overflow-x: auto; scroll-snap-type: inline mandatory; scroll-behavior: smooth; overscroll-behavior-inline: contain;
  > li { scroll-snap-align: start; min-inline-size: 0; }
  @media (prefers-reduced-motion: reduce) { scroll-behavior: auto; }
`;
const Controls = styled.div`
  display: flex; gap: 8px;
  button { display: grid; place-items: center; inline-size: 44px; block-size: 44px; border-radius: 50%; cursor: pointer;
    border: 1px solid ${({ theme }) => theme.colors.border}; background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text}; }
  button:hover { border-color: ${({ theme }) => theme.colors.primary}; color: ${({ theme }) => theme.colors.primary}; }
  [dir='rtl'] & svg { transform: scaleX(-1); }
`;

/** Scrolls by one step towards the end (+1) or start (-1) of the reading direction. */
export function scrollCarousel(track: HTMLElement, direction: 1 | -1): void {
  const rtl = getComputedStyle(track).direction === 'rtl';
  track.scrollBy({ left: direction * (rtl ? -1 : 1) * CAROUSEL_STEP_PX, behavior: 'smooth' });
}

export function useCarousel() {
  const track = useRef<HTMLUListElement>(null);
  const { t } = useTranslation(NAMESPACE);
  const controls = (
    <Controls>
      <button type="button" aria-label={t('home.carouselPrev')} onClick={() => track.current && scrollCarousel(track.current, -1)}>
        <Icon name="left" />
      </button>
      <button type="button" aria-label={t('home.carouselNext')} onClick={() => track.current && scrollCarousel(track.current, 1)}>
        <Icon name="right" />
      </button>
    </Controls>
  );
  return { track, controls };
}

export function CarouselTrack({ trackRef, label, children }: { trackRef: RefObject<HTMLUListElement | null>; label: string; children: ReactNode }) {
  return (
    <Track ref={trackRef} aria-label={label} tabIndex={0}>
      {children}
    </Track>
  );
}
