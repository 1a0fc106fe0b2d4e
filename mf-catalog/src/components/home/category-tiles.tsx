import styled from 'styled-components';
import { Link } from '@modula/router';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { Icon, type IconName } from '../icons';

/** The four tiles of spec section 2, with their exact targets. */
export const CATEGORY_TILES: { key: 'homes' | 'commercial' | 'upgrades' | 'services'; to: string; icon: IconName }[] = [
  { key: 'homes', to: '/listings?category=homes', icon: 'home' },
  { key: 'commercial', to: '/commercial-units', icon: 'building' },
  { key: 'upgrades', to: '/upgrades', icon: 'tool' },
  { key: 'services', to: '/services', icon: 'briefcase' },
];

const Grid = styled.ul`
  list-style: none; margin: 0; padding: 0; display: grid; gap: ${({ theme }) => theme.space(4)};
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 220px), 1fr));
`;
const Tile = styled(Link)`
  display: flex; gap: 14px; align-items: flex-start; block-size: 100%; padding: 20px; text-decoration: none;
  color: ${({ theme }) => theme.colors.text}; background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border}; border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.card}; transition: border-color 150ms ease, transform 150ms ease;
  &:hover { border-color: ${({ theme }) => theme.colors.primary}; transform: translateY(-2px); }
  > span:first-child { flex: none; display: grid; place-items: center; inline-size: 48px; block-size: 48px; border-radius: 12px;
    background: ${({ theme }) => theme.colors.primarySoft}; color: ${({ theme }) => theme.colors.primary}; }
  strong { display: block; font-size: 17px; margin-block-end: 4px; }
  small { display: block; font-size: 14px; color: ${({ theme }) => theme.colors.muted}; line-height: 1.4; }
`;

export function CategoryTiles() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <nav aria-label={t('home.tilesLabel')}>
      <Grid>
        {CATEGORY_TILES.map((tile) => (
          <li key={tile.key}>
            <Tile to={tile.to}>
              <span>
                <Icon name={tile.icon} size={24} />
              </span>
              <span>
                <strong>{t(`home.tiles.${tile.key}.title`)}</strong>
                <small>{t(`home.tiles.${tile.key}.text`)}</small>
              </span>
            </Tile>
          </li>
        ))}
      </Grid>
    </nav>
  );
}
