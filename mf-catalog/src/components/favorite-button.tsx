import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import { useIsFavorite, useToggleFavorite } from '../hooks/use-favorites';
import { Icon } from './icons';
import { RoundButton } from './share-button';

export function FavoriteButton({ listing }: { listing: { id: string; title: string } }) {
  const { t } = useTranslation(NAMESPACE);
  const { favorite, busy } = useIsFavorite(listing.id);
  const toggle = useToggleFavorite();
  return (
    <RoundButton
      type="button"
      aria-pressed={favorite}
      aria-label={favorite ? t('card.unsave', { title: listing.title }) : t('card.save', { title: listing.title })}
      title={favorite ? t('card.unsaveShort') : t('card.saveShort')}
      disabled={busy}
      onClick={() => void toggle(listing)}
    >
      <Icon name="heart" size={18} filled={favorite} />
    </RoundButton>
  );
}
