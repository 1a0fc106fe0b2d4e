import type { ReactNode } from 'react';
import styled from 'styled-components';
import { usePageTitle } from '../routing/page-title';

const Hero = styled.header`
  background: linear-gradient(180deg, ${({ theme }) => theme.colors.primarySoft} 0%, ${({ theme }) => theme.colors.background} 100%);
  padding: ${({ theme }) => theme.space(14)} ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(10)};
  > div { max-inline-size: 820px; margin-inline: auto; }
  .eyebrow { margin: 0; color: ${({ theme }) => theme.colors.accent}; font-weight: 700; text-transform: uppercase; letter-spacing: 0.08em; font-size: 13px; }
  h1 { margin: ${({ theme }) => theme.space(2)} 0 ${({ theme }) => theme.space(3)}; font-size: clamp(30px, 5vw, 46px); letter-spacing: -0.02em; }
  .lead { margin: 0; font-size: clamp(17px, 2vw, 19px); color: ${({ theme }) => theme.colors.muted}; line-height: 1.6; }
  .meta { margin: ${({ theme }) => theme.space(3)} 0 0; font-size: 14px; color: ${({ theme }) => theme.colors.muted}; font-weight: 600; }
`;
const Body = styled.div`
  max-inline-size: 820px; margin-inline: auto; padding: ${({ theme }) => theme.space(8)} ${({ theme }) => theme.space(4)} 0;
  section + section { margin-block-start: ${({ theme }) => theme.space(8)}; }
  h2 { font-size: 22px; margin: 0 0 ${({ theme }) => theme.space(2)}; }
  p { margin: 0; line-height: 1.7; font-size: 17px; }
`;

export interface ContentSection {
  title: string;
  body: string;
}

/** The look every shell content page shares: a soft hero, then readable text at a comfortable width. */
export function ContentLayout(props: { eyebrow: string; title: string; lead: string; meta?: string; children: ReactNode }) {
  usePageTitle(props.title);
  return (
    <article>
      <Hero>
        <div>
          <p className="eyebrow">{props.eyebrow}</p>
          <h1>{props.title}</h1>
          <p className="lead">{props.lead}</p>
          {props.meta ? <p className="meta">{props.meta}</p> : null}
        </div>
      </Hero>
      <Body>{props.children}</Body>
    </article>
  );
}

export function Sections({ sections }: { sections: ContentSection[] }) {
  return (
    <>
      {sections.map((section) => (
        <section key={section.title}>
          <h2>{section.title}</h2>
          <p>{section.body}</p>
        </section>
      ))}
    </>
  );
}
