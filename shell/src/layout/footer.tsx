import styled from 'styled-components';
import { Link } from '@modula/router';
import { useTranslation } from 'react-i18next';

const SOCIAL = [
  { name: 'LinkedIn', href: 'https://www.linkedin.com/company/modula-homes', path: 'M6.5 9H3.8v11h2.7V9zM5.2 4a1.6 1.6 0 1 0 0 3.2 1.6 1.6 0 0 0 0-3.2zM20.2 13.6c0-3-1.6-4.8-4.1-4.8-1.4 0-2.4.8-2.8 1.5V9h-2.7v11h2.7v-5.8c0-1.5.7-2.6 2-2.6 1.2 0 2 .8 2 2.6V20h2.9v-6.4z' },
  { name: 'Instagram', href: 'https://www.instagram.com/modula.homes', path: 'M12 8.2a3.8 3.8 0 1 0 0 7.6 3.8 3.8 0 0 0 0-7.6zm0 6.2a2.4 2.4 0 1 1 0-4.8 2.4 2.4 0 0 1 0 4.8zM16.8 6.3a.9.9 0 1 0 0 1.8.9.9 0 0 0 0-1.8zM12 3.5c-2.3 0-2.6 0-3.5.1-3 .1-4.8 1.9-4.9 4.9-.1.9-.1 1.2-.1 3.5s0 2.6.1 3.5c.1 3 1.9 4.8 4.9 4.9.9.1 1.2.1 3.5.1s2.6 0 3.5-.1c3-.1 4.8-1.9 4.9-4.9.1-.9.1-1.2.1-3.5s0-2.6-.1-3.5c-.1-3-1.9-4.8-4.9-4.9-.9-.1-1.2-.1-3.5-.1z' },
  { name: 'YouTube', href: 'https://www.youtube.com/@modulahomes', path: 'M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4A2.5 2.5 0 0 0 2.4 7.2 26 26 0 0 0 2 12a26 26 0 0 0 .4 4.8 2.5 2.5 0 0 0 1.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8A26 26 0 0 0 22 12a26 26 0 0 0-.4-4.8zM10 15V9l5.2 3L10 15z' },
  { name: 'Facebook', href: 'https://www.facebook.com/modula.homes', path: 'M13.5 21v-7.5H16l.4-3h-2.9V8.6c0-.9.3-1.5 1.5-1.5h1.5V4.4c-.3 0-1.2-.1-2.2-.1-2.2 0-3.7 1.3-3.7 3.8v2.4H8.1v3h2.5V21h2.9z' },
] as const;

const Wrap = styled.footer`
  margin-block-start: ${({ theme }) => theme.space(16)}; background: #14261d; color: #d5e2da;
  a { color: #e9f1ec; text-decoration: none; }
  a:hover { text-decoration: underline; }
`;
const Inner = styled.div`
  max-inline-size: ${({ theme }) => theme.layout.maxWidth}; margin-inline: auto; padding: ${({ theme }) => theme.space(12)} ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(6)};
  display: grid; gap: ${({ theme }) => theme.space(8)}; grid-template-columns: 1fr;
  @media (min-width: 768px) { grid-template-columns: 1.4fr repeat(3, 1fr); }
  h2 { margin: 0 0 ${({ theme }) => theme.space(3)}; font-size: 14px; text-transform: uppercase; letter-spacing: 0.08em; color: #f3c58f; }
  ul { list-style: none; margin: 0; padding: 0; display: grid; gap: ${({ theme }) => theme.space(2)}; }
  .about p { margin: ${({ theme }) => theme.space(3)} 0 ${({ theme }) => theme.space(4)}; max-inline-size: 340px; line-height: 1.6; }
  .brand { font-weight: 800; font-size: 22px; color: #fff; }
`;
const Social = styled.ul`
  display: flex !important; gap: ${({ theme }) => theme.space(2)};
  a { display: grid; place-items: center; inline-size: 40px; block-size: 40px; border-radius: 50%; background: rgba(255, 255, 255, 0.1); }
  a:hover { background: rgba(255, 255, 255, 0.2); }
  svg { inline-size: 20px; block-size: 20px; fill: currentColor; }
`;
const Bottom = styled.div`
  max-inline-size: ${({ theme }) => theme.layout.maxWidth}; margin-inline: auto; padding: ${({ theme }) => theme.space(5)} ${({ theme }) => theme.space(4)};
  border-block-start: 1px solid rgba(255, 255, 255, 0.12); display: flex; flex-wrap: wrap; gap: ${({ theme }) => theme.space(3)};
  justify-content: space-between; font-size: 14px;
  ul { display: flex; gap: ${({ theme }) => theme.space(4)}; list-style: none; margin: 0; padding: 0; }
`;

/** The footer on every page (spec: links, social links, copyright 2023). */
export function Footer() {
  const { t } = useTranslation('shell');
  return (
    <Wrap>
      <Inner>
        <div className="about">
          <span className="brand">Modula</span>
          <p>{t('footer.tagline')}</p>
          <Social aria-label={t('footer.follow')}>
            {SOCIAL.map((s) => (
              <li key={s.name}>
                <a href={s.href} rel="noopener noreferrer" target="_blank" aria-label={t('footer.socialLink', { network: s.name })}>
                  <svg viewBox="0 0 24 24" aria-hidden="true">
                    <path d={s.path} />
                  </svg>
                </a>
              </li>
            ))}
          </Social>
        </div>
        <nav aria-labelledby="footer-explore">
          <h2 id="footer-explore">{t('footer.explore')}</h2>
          <ul>
            <li><Link to="/listings">{t('nav.listings')}</Link></li>
            <li><Link to="/upgrades">{t('nav.upgrades')}</Link></li>
            <li><Link to="/services">{t('nav.services')}</Link></li>
            <li><Link to="/pricing">{t('nav.pricing')}</Link></li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-company">
          <h2 id="footer-company">{t('footer.company')}</h2>
          <ul>
            <li><Link to="/about">{t('nav.about')}</Link></li>
            <li><Link to="/contact">{t('nav.contact')}</Link></li>
            <li><Link to="/faq">{t('nav.faq')}</Link></li>
            <li><Link to="/blog">{t('nav.blog')}</Link></li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal">{t('footer.legal')}</h2>
          <ul>
            <li><Link to="/terms">{t('footer.terms')}</Link></li>
            <li><Link to="/privacy">{t('footer.privacy')}</Link></li>
          </ul>
        </nav>
      </Inner>
      <Bottom>
        <span>{t('footer.copyright')}</span>
      </Bottom>
    </Wrap>
  );
}
