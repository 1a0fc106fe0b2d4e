import { useRef, useState } from 'react';
import styled from 'styled-components';
import { Link, NavLink, useLocation, useNavigate } from '@modula/router';
import { useTranslation } from 'react-i18next';
import { useAuth } from '@modula/shared';
import { Brand } from './brand';
import { SearchBox } from './search-box';
import { LanguageSelect } from './language-select';
import { ProfileMenu } from './profile-menu';
import { useFold } from './use-fold';

export const NAV_LINKS = [
  { to: '/listings', key: 'nav.listings' },
  { to: '/upgrades', key: 'nav.upgrades' },
  { to: '/services', key: 'nav.services' },
  { to: '/about', key: 'nav.about' },
  { to: '/contact', key: 'nav.contact' },
] as const;

/** Dashboard pages get the Upgrade and Create Listing buttons (spec, top bar). */
export function isDashboardPath(pathname: string): boolean {
  return /^\/(dashboard|customer-dashboard|advertising-dashboard)(\/|$)/.test(pathname);
}

const Bar = styled.header`
  position: sticky; inset-block-start: 0; z-index: 100; background: rgba(255, 255, 255, 0.96);
  backdrop-filter: saturate(1.4) blur(8px); border-block-end: 1px solid ${({ theme }) => theme.colors.border};
`;
const Row = styled.div`
  max-inline-size: 1680px; margin-inline: auto; min-block-size: ${({ theme }) => theme.layout.headerHeight};
  padding-inline: ${({ theme }) => theme.space(4)}; display: flex; align-items: center; gap: ${({ theme }) => theme.space(3)};
`;
const Nav = styled.nav`
  display: none;
  @media (min-width: 1024px) { display: block; }
  ul { display: flex; gap: 2px; list-style: none; margin: 0; padding: 0; }
  a { display: block; padding: 8px 10px; border-radius: ${({ theme }) => theme.radii.sm}; text-decoration: none;
    color: ${({ theme }) => theme.colors.text}; font-weight: 600; font-size: 15px; white-space: nowrap; }
  a:hover { background: ${({ theme }) => theme.colors.primarySoft}; }
  a[aria-current='page'] { color: ${({ theme }) => theme.colors.primary}; box-shadow: inset 0 -2px 0 ${({ theme }) => theme.colors.primary}; }
`;
const Search = styled.div`
  flex: 1; min-inline-size: 160px; max-inline-size: 380px; display: none;
  @media (min-width: 768px) { display: block; }
`;
const Spacer = styled.div`flex: 1; @media (min-width: 768px) { display: none; }`;
const Actions = styled.div`display: flex; align-items: center; gap: ${({ theme }) => theme.space(2)}; margin-inline-start: auto;`;
const Desktop = styled.div`display: none; gap: ${({ theme }) => theme.space(2)}; align-items: center; @media (min-width: 1024px) { display: flex; }`;
const LinkButton = styled(Link)<{ $variant?: 'primary' | 'secondary' | 'accent' }>`
  display: inline-flex; align-items: center; justify-content: center; min-block-size: 40px; padding: 8px 16px;
  border-radius: ${({ theme }) => theme.radii.md}; font-weight: 600; font-size: 15px; text-decoration: none; white-space: nowrap;
  border: 1px solid ${({ theme, $variant }) => ($variant === 'accent' ? theme.colors.accent : theme.colors.primary)};
  background: ${({ theme, $variant }) =>
    $variant === 'primary' ? theme.colors.primary : $variant === 'accent' ? theme.colors.accentSoft : theme.colors.surface};
  color: ${({ theme, $variant }) =>
    $variant === 'primary' ? theme.colors.onPrimary : $variant === 'accent' ? theme.colors.accent : theme.colors.primary};
  &:hover { filter: brightness(0.95); }
`;
const Toggle = styled.button<{ $folded: boolean }>`
  display: inline-grid; place-items: center; inline-size: 42px; block-size: 42px; border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border}; background: ${({ theme }) => theme.colors.surface}; cursor: pointer;
  color: ${({ theme }) => theme.colors.text}; flex-shrink: 0;
  svg { inline-size: 22px; block-size: 22px; }
  @media (min-width: 1024px) { display: ${({ $folded }) => ($folded ? 'inline-grid' : 'none')}; }
`;
const Drawer = styled.div<{ $folded: boolean }>`
  border-block-start: 1px solid ${({ theme }) => theme.colors.border}; padding: ${({ theme }) => theme.space(4)};
  display: grid; gap: ${({ theme }) => theme.space(4)}; background: ${({ theme }) => theme.colors.surface};
  @media (min-width: 1024px) { display: ${({ $folded }) => ($folded ? 'grid' : 'none')}; }
  ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 2px; }
  ul a { display: block; padding: 12px; border-radius: ${({ theme }) => theme.radii.sm}; text-decoration: none; font-weight: 600;
    color: ${({ theme }) => theme.colors.text}; }
  ul a:hover, ul a[aria-current='page'] { background: ${({ theme }) => theme.colors.primarySoft}; color: ${({ theme }) => theme.colors.primary}; }
  .buttons { display: flex; flex-wrap: wrap; gap: ${({ theme }) => theme.space(2)}; }
  .buttons > * { flex: 1 1 140px; }
`;

/** The top bar the shell owns on every page. */
export function Header() {
  const { t, i18n } = useTranslation('shell');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const user = useAuth((s) => (s.isLoggedIn ? s.user : null));
  const authKnown = useAuth((s) => s.status !== 'loading');
  // The mobile menu belongs to the page it was opened on: it closes when the page changes, whoever
  // changed it (a link here or a remote).
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === pathname;
  const onDashboard = isDashboardPath(pathname);
  const row = useRef<HTMLDivElement>(null);
  // Too wide for its row (a long language, a long name, the dashboard buttons): groups move to the menu,
  // first the dashboard buttons, then the links, then the account buttons.
  const level = useFold(row, [i18n.language, user?.name ?? '', authKnown, onDashboard].join('|'), 3);
  const folded = level > 0;

  const guestButtons = (
    <>
      <LinkButton to="/login" $variant="secondary">
        {t('account.login')}
      </LinkButton>
      <LinkButton to="/signup" $variant="primary">
        {t('account.signup')}
      </LinkButton>
    </>
  );
  const dashboardButtons = (
    <>
      <LinkButton to="/pricing" $variant="accent">
        {t('dashboard.upgrade')}
      </LinkButton>
      <LinkButton to="/create-listing" $variant="primary">
        {t('dashboard.createListing')}
      </LinkButton>
    </>
  );
  const items = NAV_LINKS.map((link) => (
    <li key={link.to}>
      <NavLink to={link.to}>{t(link.key)}</NavLink>
    </li>
  ));
  const links = <ul>{items}</ul>;

  return (
    <Bar>
      <Row ref={row} data-folded={folded || undefined}>
        <Toggle
          $folded={folded}
          type="button"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? t('menu.close') : t('menu.open')}
          onClick={() => setOpenOn(menuOpen ? null : pathname)}
        >
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
            {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </Toggle>
        <Brand label={t('brand.home')} />
        {level >= 2 ? null : <Nav aria-label={t('nav.label')}>{links}</Nav>}
        <Search>
          <SearchBox id="header-search" onSearch={(path) => void navigate(path)} />
        </Search>
        <Spacer />
        <Actions>
          {onDashboard && user && level < 1 ? <Desktop>{dashboardButtons}</Desktop> : null}
          <LanguageSelect id="header-language" />
          {/* A guest's buttons hold their room, unseen, until the session is known: they appear without moving the bar (CLS 0). */}
          {user ? (
            <ProfileMenu user={user} />
          ) : level < 3 ? (
            <Desktop style={authKnown ? undefined : { visibility: 'hidden' }} aria-hidden={authKnown ? undefined : true}>
              {guestButtons}
            </Desktop>
          ) : null}
        </Actions>
      </Row>
      {menuOpen ? (
        <Drawer id="mobile-menu" $folded={folded}>
          <SearchBox id="mobile-search" onSearch={(path) => void navigate(path)} />
          <nav aria-label={t('nav.label')}>
            <ul>
              {items}
              {/* The blog has no room in the desktop bar (the footer links it); the phone menu does. */}
              <li>
                <NavLink to="/blog">{t('nav.blog')}</NavLink>
              </li>
            </ul>
          </nav>
          {onDashboard && user ? <div className="buttons">{dashboardButtons}</div> : null}
          {!user && authKnown ? <div className="buttons">{guestButtons}</div> : null}
        </Drawer>
      ) : null}
    </Bar>
  );
}
