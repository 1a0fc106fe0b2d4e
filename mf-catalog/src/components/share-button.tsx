import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import { toast, track } from '../services/api';
import { Icon } from './icons';

export const RoundButton = styled.button`
  position: relative; z-index: 2; display: inline-grid; place-items: center; inline-size: 40px; block-size: 40px;
  border-radius: 50%; border: 1px solid ${({ theme }) => theme.colors.border};
  background: rgba(255, 255, 255, 0.94); color: ${({ theme }) => theme.colors.text}; cursor: pointer;
  box-shadow: 0 1px 3px rgba(16, 24, 40, 0.12); transition: transform 120ms ease, color 120ms ease;
  &:hover { transform: scale(1.06); color: ${({ theme }) => theme.colors.primary}; }
  &[aria-pressed='true'] { color: ${({ theme }) => theme.colors.danger}; }
  &:disabled { cursor: progress; }
`;

/** Shares a listing with the system sheet where there is one, else copies its link (spec section 8 messages). */
export async function shareListing(listing: { id: string; title: string; path: string }, messages: { shared: string; copied: string; failed: string }): Promise<void> {
  const url = new URL(listing.path, window.location.origin).toString();
  try {
    if (typeof navigator.share === 'function') {
      await navigator.share({ title: listing.title, url });
      toast({ title: messages.shared, variant: 'success' });
      track('share', { listing_id: listing.id, method: 'share_sheet' });
      return;
    }
    await navigator.clipboard.writeText(url);
    toast({ title: messages.copied, variant: 'success' });
    track('share', { listing_id: listing.id, method: 'copy_link' });
  } catch (error) {
    // Closing the share sheet is the user's choice, not a failure.
    if (error instanceof DOMException && error.name === 'AbortError') return;
    toast({ title: messages.failed, variant: 'error' });
  }
}

export function useShare() {
  const { t } = useTranslation(NAMESPACE);
  return (listing: { id: string; title: string; path: string }) =>
    shareListing(listing, { shared: t('share.shared'), copied: t('share.copied'), failed: t('share.failed') });
}

export function ShareButton({ listing }: { listing: { id: string; title: string; path: string } }) {
  const { t } = useTranslation(NAMESPACE);
  const share = useShare();
  return (
    <RoundButton type="button" aria-label={t('card.share', { title: listing.title })} title={t('card.shareShort')} onClick={() => void share(listing)}>
      <Icon name="share" size={18} />
    </RoundButton>
  );
}
