import styled from 'styled-components';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../i18n';
import { ButtonLink } from '../layout';

const Band = styled.section`
  position: relative; overflow: hidden; color: #fff;
  background:
    radial-gradient(1200px 400px at 85% -10%, rgba(255, 214, 153, 0.35), transparent 60%),
    radial-gradient(900px 500px at 0% 110%, rgba(120, 200, 160, 0.35), transparent 60%),
    linear-gradient(135deg, #0f3d2b 0%, #1d6b4a 55%, #2f7d5a 100%);
`;
const Inner = styled.div`
  position: relative; max-inline-size: ${({ theme }) => theme.layout.maxWidth}; margin-inline: auto;
  padding: clamp(48px, 9vw, 104px) ${({ theme }) => theme.space(4)} clamp(56px, 10vw, 120px);
  h1 { margin: 0; font-size: clamp(34px, 6vw, 60px); line-height: 1.05; letter-spacing: -0.03em; max-inline-size: 15ch; }
  p { margin: 18px 0 30px; font-size: clamp(17px, 2.2vw, 21px); max-inline-size: 38ch; color: rgba(255, 255, 255, 0.9); }
`;
const Ctas = styled.div`
  display: flex; gap: 12px; flex-wrap: wrap;
  a:first-child { background: #fff; color: ${({ theme }) => theme.colors.primary}; border-color: #fff; }
  a:first-child:hover { background: ${({ theme }) => theme.colors.primarySoft}; }
  a:last-child { background: transparent; color: #fff; border-color: rgba(255, 255, 255, 0.7); }
  a:last-child:hover { background: rgba(255, 255, 255, 0.12); }
`;
// A row of stylised modules drawn in CSS: decoration only, nothing to download.
const Skyline = styled.div`
  position: absolute; inset-inline-end: max(16px, calc((100% - 1200px) / 2)); inset-block-end: 0;
  display: none; gap: 10px; align-items: end; opacity: 0.9;
  @media (min-width: 900px) { display: flex; }
  span { display: block; inline-size: 86px; border-radius: 10px 10px 0 0; background: rgba(255, 255, 255, 0.14);
    border: 1px solid rgba(255, 255, 255, 0.22); border-block-end: none; }
  span:nth-child(1) { block-size: 120px; }
  span:nth-child(2) { block-size: 190px; inline-size: 120px; background: rgba(255, 255, 255, 0.2); }
  span:nth-child(3) { block-size: 150px; }
  span:nth-child(4) { block-size: 90px; inline-size: 64px; background: rgba(255, 214, 153, 0.3); }
`;

export function Hero() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Band aria-labelledby="home-hero-title">
      <Inner>
        <h1 id="home-hero-title">{t('home.heroTitle')}</h1>
        <p>{t('home.heroLead')}</p>
        <Ctas>
          <ButtonLink to="/listings?category=homes">{t('home.heroBrowse')}</ButtonLink>
          <ButtonLink to="/upgrades">{t('home.heroUpgrades')}</ButtonLink>
        </Ctas>
      </Inner>
      <Skyline aria-hidden="true">
        <span />
        <span />
        <span />
        <span />
      </Skyline>
    </Band>
  );
}
