import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import { fluidImage, LISTING_IMAGES, responsiveImage } from '../lib/images';
import { Icon } from './icons';

export const GALLERY_IMAGE = { width: 880, height: 587, quality: 75 } as const;
/** The widths the gallery's photo is rendered at: a phone (412 px at 1.75x) takes 880, a 2x desktop 1760. */
export const GALLERY_WIDTHS = [440, 880, 1320, 1760] as const;
const THUMB = { width: 112, height: 75, quality: 60 } as const;
/** A horizontal drag longer than this is a swipe. */
export const SWIPE_PX = 40;

const Frame = styled.div`
  position: relative; aspect-ratio: 3 / 2; border-radius: ${({ theme }) => theme.radii.lg}; overflow: hidden;
  background: ${({ theme }) => theme.colors.primarySoft}; touch-action: pan-y; user-select: none;
  img { inline-size: 100%; block-size: 100%; object-fit: cover; }
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
`;
const Nav = styled.button<{ $side: 'start' | 'end' }>`
  position: absolute; inset-block-start: 50%; transform: translateY(-50%);
  ${({ $side }) => ($side === 'start' ? 'inset-inline-start: 12px;' : 'inset-inline-end: 12px;')}
  display: grid; place-items: center; inline-size: 44px; block-size: 44px; border-radius: 50%; border: none; cursor: pointer;
  background: rgba(255, 255, 255, 0.92); color: ${({ theme }) => theme.colors.text}; box-shadow: 0 2px 8px rgba(0, 0, 0, 0.2);
  [dir='rtl'] & svg { transform: scaleX(-1); }
`;
const Counter = styled.p`
  position: absolute; inset-block-end: 12px; inset-inline-end: 12px; margin: 0; padding: 3px 10px; border-radius: 999px;
  background: rgba(15, 23, 42, 0.72); color: #fff; font-size: 13px; font-weight: 600;
`;
const Thumbs = styled.ul`
  list-style: none; margin: 10px 0 0; padding: 0 0 4px; display: flex; gap: 8px; overflow-x: auto;
  button { display: block; padding: 0; border: 2px solid transparent; border-radius: 8px; overflow: hidden; cursor: pointer; background: none; }
  button[aria-current='true'] { border-color: ${({ theme }) => theme.colors.primary}; }
  img { inline-size: ${THUMB.width}px; block-size: ${THUMB.height}px; object-fit: cover; }
`;
const Empty = styled.div`
  inline-size: 100%; block-size: 100%; display: grid; place-items: center; align-content: center; gap: 8px; color: ${({ theme }) => theme.colors.primary};
`;

/** The listing's photos: arrow keys, swipe, buttons and thumbnails move between them. */
export function Gallery({ images, title }: { images: string[]; title: string }) {
  const { t } = useTranslation(NAMESPACE);
  const [index, setIndex] = useState(0);
  const start = useRef<number | null>(null);
  const count = images.length;
  const go = (next: number) => setIndex(((next % count) + count) % count);

  if (count === 0) {
    return (
      <Frame>
        <Empty>
          <Icon name="image" size={40} />
          <span>{t('card.noImage')}</span>
        </Empty>
      </Frame>
    );
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const back = rtl ? 'ArrowRight' : 'ArrowLeft';
    if (event.key === forward) go(index + 1);
    else if (event.key === back) go(index - 1);
    else if (event.key === 'Home') go(0);
    else if (event.key === 'End') go(count - 1);
    else return;
    event.preventDefault();
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    start.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (start.current === null) return;
    const delta = event.clientX - start.current;
    start.current = null;
    if (Math.abs(delta) < SWIPE_PX) return;
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    // Swiping towards the start of the reading direction shows the next photo.
    go(index + ((delta < 0) !== rtl ? 1 : -1));
  };

  const image = fluidImage(LISTING_IMAGES, images[index]!, GALLERY_IMAGE, GALLERY_WIDTHS);
  return (
    <section aria-roledescription={t('detail.galleryRole')} aria-label={t('detail.gallery', { title })}>
      <Frame tabIndex={0} onKeyDown={onKeyDown} onPointerDown={onPointerDown} onPointerUp={onPointerUp} onPointerCancel={() => (start.current = null)} data-testid="gallery">
        <img
          key={images[index]}
          src={image.src}
          srcSet={image.srcSet}
          sizes="(min-width: 1000px) 720px, 100vw"
          width={GALLERY_IMAGE.width}
          height={GALLERY_IMAGE.height}
          alt={t('detail.photo', { index: index + 1, total: count, title })}
          fetchPriority={index === 0 ? 'high' : 'auto'}
          draggable={false}
        />
        {count > 1 ? (
          <>
            <Nav type="button" $side="start" aria-label={t('detail.prevPhoto')} onClick={() => go(index - 1)}>
              <Icon name="left" />
            </Nav>
            <Nav type="button" $side="end" aria-label={t('detail.nextPhoto')} onClick={() => go(index + 1)}>
              <Icon name="right" />
            </Nav>
            <Counter aria-live="polite">{t('detail.counter', { index: index + 1, total: count })}</Counter>
          </>
        ) : null}
      </Frame>
      {count > 1 ? (
        <Thumbs aria-label={t('detail.thumbnails')}>
          {images.map((path, i) => {
            const thumb = responsiveImage(LISTING_IMAGES, path, THUMB);
            return (
              <li key={path}>
                <button type="button" aria-current={i === index ? 'true' : undefined} aria-label={t('detail.showPhoto', { index: i + 1 })} onClick={() => setIndex(i)}>
                  <img src={thumb.src} srcSet={thumb.srcSet} width={THUMB.width} height={THUMB.height} alt={t('detail.photo', { index: i + 1, total: count, title })} loading="lazy" decoding="async" />
                </button>
              </li>
            );
          })}
        </Thumbs>
      ) : null}
    </section>
  );
}
