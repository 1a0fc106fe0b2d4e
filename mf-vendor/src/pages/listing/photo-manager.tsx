import { useEffect, useMemo, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { Button, MAX_LISTING_PHOTOS } from '@modula/shared';
import {
  addFiles, failed, madeCover, moved, nextToUpload, photoType, progressed, removed, retried, started, uploaded, type Photo, type Rejection,
} from '../../lib/upload-queue';
import { photoUrl, uploadPhoto, VendorError } from '../../services/vendor';
import { NAMESPACE } from '../../i18n';
import { Muted } from '../../components/ui';

const Drop = styled.div<{ $over: boolean }>`
  display: grid; gap: 8px; justify-items: center; padding: 24px; text-align: center; border-radius: ${({ theme }) => theme.radii.md};
  border: 2px dashed ${({ theme, $over }) => ($over ? theme.colors.primary : theme.colors.border)};
  background: ${({ theme, $over }) => ($over ? theme.colors.primarySoft : theme.colors.background)};
`;
const Grid = styled.ol`
  margin: 0; padding: 0; list-style: none; display: grid; gap: 12px; grid-template-columns: repeat(auto-fill, minmax(180px, 1fr));
  li { display: grid; gap: 6px; padding: 8px; border: 1px solid ${({ theme }) => theme.colors.border}; border-radius: ${({ theme }) => theme.radii.md}; background: ${({ theme }) => theme.colors.surface}; }
  img, .placeholder { inline-size: 100%; aspect-ratio: 4 / 3; object-fit: cover; border-radius: 6px; background: ${({ theme }) => theme.colors.background}; }
  .name { font-size: 13px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .buttons { display: flex; flex-wrap: wrap; gap: 4px; }
  progress { inline-size: 100%; }
  .error { color: ${({ theme }) => theme.colors.danger}; font-size: 13px; font-weight: 600; }
`;
const Problems = styled.ul`margin: 0; padding-inline-start: 20px; color: ${({ theme }) => theme.colors.danger}; font-weight: 600;`;

interface Props {
  companyId: string;
  listingId: string;
  photos: Photo[];
  setPhotos: Dispatch<SetStateAction<Photo[]>>;
}

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/webp': 'webp', 'image/heic': 'heic', 'image/heif': 'heif' };
const extensionOf = (file: File) => EXTENSIONS[photoType(file)] ?? 'jpg';

/**
 * Photos of a listing: drop or choose up to 20, each uploaded with its own progress under the company's
 * folder; a failed one can be retried (the file is kept); reorder, make cover (the first), remove.
 */
export function PhotoManager({ companyId, listingId, photos, setPhotos }: Props) {
  const { t } = useTranslation(NAMESPACE);
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [rejected, setRejected] = useState<Rejection[]>([]);
  // Uploads on their way, so a photo is never sent twice (effects may run twice in development).
  const inFlight = useRef(new Set<string>());

  // Starts the next uploads whenever the list changes (two at a time).
  useEffect(() => {
    for (const photo of nextToUpload(photos)) {
      if (inFlight.current.has(photo.id)) continue;
      inFlight.current.add(photo.id);
      const file = photo.file!;
      setPhotos((current) => started(current, photo.id));
      const path = `${companyId}/${listingId}/${crypto.randomUUID()}.${extensionOf(file)}`;
      uploadPhoto(path, file, (percent) => setPhotos((current) => progressed(current, photo.id, percent)))
        .then((stored) => setPhotos((current) => uploaded(current, photo.id, stored)))
        .catch((error: unknown) => {
          inFlight.current.delete(photo.id);
          const reason = error instanceof VendorError ? error.message : 'upload';
          setPhotos((current) => failed(current, photo.id, `photos.error.${['type', 'size', 'network'].includes(reason) ? reason : 'upload'}`));
        });
    }
  }, [photos, companyId, listingId, setPhotos]);

  const add = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    const result = addFiles(photos, Array.from(files));
    setRejected(result.rejected);
    setPhotos(result.photos);
  };

  return (
    <div style={{ display: 'grid', gap: 12 }}>
      <Drop
        $over={over}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(event) => {
          event.preventDefault();
          setOver(false);
          add(event.dataTransfer.files);
        }}
      >
        <p style={{ margin: 0, fontWeight: 600 }}>{t('photos.drop')}</p>
        <Muted>{t('photos.rules', { max: MAX_LISTING_PHOTOS })}</Muted>
        <input
          ref={input}
          id="listing-photos"
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif"
          hidden
          onChange={(event) => {
            add(event.currentTarget.files);
            event.currentTarget.value = '';
          }}
        />
        <Button type="button" $variant="secondary" onClick={() => input.current?.click()}>
          {t('photos.choose')}
        </Button>
        <Muted>{t('photos.count', { count: photos.length, max: MAX_LISTING_PHOTOS })}</Muted>
      </Drop>
      {rejected.length > 0 ? (
        <Problems role="alert">
          {rejected.map((r, i) => (
            <li key={`${r.name}-${i}`}>{t(`photos.rejected.${r.reason}`, { name: r.name, max: MAX_LISTING_PHOTOS })}</li>
          ))}
        </Problems>
      ) : null}
      {photos.length > 0 ? (
        <Grid aria-label={t('photos.listLabel')}>
          {photos.map((photo, index) => {
            return (
              <li key={photo.id}>
                <Preview photo={photo} alt={t('photos.alt', { n: index + 1 })} />
                <span className="name">{index === 0 ? `${t('photos.cover')} · ` : ''}{photo.name}</span>
                {photo.status === 'uploading' || photo.status === 'queued' ? (
                  <progress max={100} value={photo.progress} aria-label={t('photos.progress', { name: photo.name, percent: photo.progress })} />
                ) : null}
                {photo.status === 'failed' && photo.error ? <span className="error" role="status">{t(photo.error)}</span> : null}
                <div className="buttons">
                  {photo.status === 'failed' ? (
                    <Button type="button" $size="sm" onClick={() => setPhotos((current) => retried(current, photo.id))}>
                      {t('photos.retry')}
                    </Button>
                  ) : null}
                  {index > 0 ? (
                    <Button type="button" $size="sm" $variant="secondary" onClick={() => setPhotos((current) => madeCover(current, photo.id))}>
                      {t('photos.makeCover')}
                    </Button>
                  ) : null}
                  <Button type="button" $size="sm" $variant="ghost" disabled={index === 0} aria-label={t('photos.earlier', { n: index + 1 })}
                    onClick={() => setPhotos((current) => moved(current, photo.id, -1))}>
                    {t('photos.earlierShort')}
                  </Button>
                  <Button type="button" $size="sm" $variant="ghost" disabled={index === photos.length - 1} aria-label={t('photos.later', { n: index + 1 })}
                    onClick={() => setPhotos((current) => moved(current, photo.id, 1))}>
                    {t('photos.laterShort')}
                  </Button>
                  <Button type="button" $size="sm" $variant="ghost" aria-label={t('photos.remove', { n: index + 1 })}
                    onClick={() => setPhotos((current) => removed(current, photo.id))}>
                    {t('photos.removeShort')}
                  </Button>
                </div>
              </li>
            );
          })}
        </Grid>
      ) : null}
    </div>
  );
}

/** The stored photo's render, or the chosen file itself while it is on its way. */
function Preview({ photo, alt }: { photo: Photo; alt: string }) {
  const file = photo.status === 'done' ? null : photo.file;
  const local = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => {
    if (local) URL.revokeObjectURL(local);
  }, [local]);
  const src = photo.status === 'done' && photo.path ? photoUrl(photo.path, 360, 270) : file ? local : null;
  return src ? <img src={src} alt={alt} /> : <div className="placeholder" />;
}
