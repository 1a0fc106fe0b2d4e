import styled from 'styled-components';
import { Link, NavLink, Outlet, useOutletContext } from '@modula/router';
import { useTranslation } from 'react-i18next';
import { PageContainer, useAuth } from '@modula/shared';

const Head = styled.div`
  display: flex; flex-wrap: wrap; align-items: end; justify-content: space-between; gap: ${({ theme }) => theme.space(3)};
  p { margin: 0; color: ${({ theme }) => theme.colors.accent}; font-weight: 700; font-size: 14px; text-transform: uppercase; letter-spacing: 0.06em; }
  h1 { margin: 4px 0 0; font-size: clamp(26px, 4vw, 34px); }
`;
const Tabs = styled.nav`
  margin-block: ${({ theme }) => theme.space(6)}; border-block-end: 1px solid ${({ theme }) => theme.colors.border}; overflow-x: auto;
  ul { display: flex; gap: ${({ theme }) => theme.space(1)}; list-style: none; margin: 0; padding: 0; }
  a { display: block; padding: 12px 16px; white-space: nowrap; text-decoration: none; font-weight: 600;
    color: ${({ theme }) => theme.colors.muted}; border-block-end: 3px solid transparent; }
  a:hover { color: ${({ theme }) => theme.colors.text}; }
  a[aria-current='page'] { color: ${({ theme }) => theme.colors.primary}; border-block-end-color: ${({ theme }) => theme.colors.primary}; }
`;
const Cards = styled.ul`
  list-style: none; margin: 0; padding: 0; display: grid; gap: ${({ theme }) => theme.space(4)};
  grid-template-columns: repeat(auto-fill, minmax(240px, 1fr));
  a { display: block; block-size: 100%; padding: ${({ theme }) => theme.space(5)}; border-radius: ${({ theme }) => theme.radii.lg};
    background: ${({ theme }) => theme.colors.surface}; border: 1px solid ${({ theme }) => theme.colors.border};
    box-shadow: ${({ theme }) => theme.shadows.card}; text-decoration: none; color: ${({ theme }) => theme.colors.text}; }
  a:hover { border-color: ${({ theme }) => theme.colors.primary}; }
  h2 { margin: 0 0 6px; font-size: 18px; color: ${({ theme }) => theme.colors.primary}; }
  p { margin: 0; color: ${({ theme }) => theme.colors.muted}; }
`;

const KNOWN_TABS = ['favorites', 'meetings', 'messages', 'orders', 'settings'];

function useTabLabel() {
  const { t } = useTranslation('shell-pages');
  return (tab: string) => (KNOWN_TABS.includes(tab) ? t(`customerDashboard.tabs.${tab}`) : tab);
}

/**
 * /customer-dashboard: the shell's frame (heading and tabs); each tab's content is a parcel of the remote
 * that owns the sub-route in the registry, so the tabs follow what is deployed.
 */
export function CustomerDashboardFrame({ tabs }: { tabs: string[] }) {
  const { t } = useTranslation('shell-pages');
  const label = useTabLabel();
  const name = useAuth((s) => s.user?.name ?? '');
  const ordered = [...tabs].sort((a, b) => (KNOWN_TABS.indexOf(a) + 1 || 99) - (KNOWN_TABS.indexOf(b) + 1 || 99));
  return (
    <PageContainer>
      <Head>
        <div>
          <p>{t('customerDashboard.title')}</p>
          <h1>{t('customerDashboard.greeting', { name })}</h1>
        </div>
      </Head>
      <Tabs aria-label={t('customerDashboard.tabsLabel')}>
        <ul>
          <li>
            <NavLink to="/customer-dashboard" end>
              {t('customerDashboard.tabs.overview')}
            </NavLink>
          </li>
          {ordered.map((tab) => (
            <li key={tab}>
              <NavLink to={`/customer-dashboard/${tab}`}>{label(tab)}</NavLink>
            </li>
          ))}
        </ul>
      </Tabs>
      <Outlet context={ordered} />
    </PageContainer>
  );
}

/** The overview tab: one card per section that is deployed. */
export function CustomerDashboardOverview() {
  const { t } = useTranslation('shell-pages');
  const label = useTabLabel();
  const tabs = useOutletContext<string[]>();
  return (
    <Cards>
      {tabs.map((tab) => (
        <li key={tab}>
          <Link to={`/customer-dashboard/${tab}`}>
            <h2>{label(tab)}</h2>
            {KNOWN_TABS.includes(tab) ? <p>{t(`customerDashboard.descriptions.${tab}`)}</p> : null}
          </Link>
        </li>
      ))}
      <li>
        <Link to="/listings">
          <h2>{t('customerDashboard.browse')}</h2>
          <p>{t('about.lead')}</p>
        </Link>
      </li>
    </Cards>
  );
}
