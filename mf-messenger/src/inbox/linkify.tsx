import { Fragment } from 'react';
import { LinkifyIt } from 'linkify-it';

// fuzzyLink: "www.modula.eu" and "modula.eu" are links too, as people write them.
const linkify = new LinkifyIt({ fuzzyLink: true });
const SAFE = /^(https?:|mailto:)/i;

/**
 * A message's text with its web addresses made clickable. Nothing from the message is ever read as
 * HTML: the text is rendered as text and each link is an <a> React builds, for http(s) and mail
 * addresses only, opened in a new tab without access to this page.
 */
export function LinkifiedText({ text }: { text: string }) {
  const matches = linkify.match(text) ?? [];
  if (matches.length === 0) return <>{text}</>;
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const match of matches) {
    if (match.index > at) parts.push(<Fragment key={`t${at}`}>{text.slice(at, match.index)}</Fragment>);
    if (SAFE.test(match.url)) {
      parts.push(
        <a key={`l${match.index}`} href={match.url} target="_blank" rel="noopener noreferrer nofollow ugc">
          {match.text}
        </a>,
      );
    } else {
      parts.push(<Fragment key={`l${match.index}`}>{match.text}</Fragment>);
    }
    at = match.lastIndex;
  }
  if (at < text.length) parts.push(<Fragment key={`t${at}`}>{text.slice(at)}</Fragment>);
  return <>{parts}</>;
}
