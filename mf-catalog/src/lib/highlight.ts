export interface Segment {
  text: string;
  marked: boolean;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

function decode(value: string): string {
  return value.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);
}

/**
 * search_listings returns HTML-escaped text with matches wrapped in <mark>. It is turned into plain
 * segments for React to render as text, so no markup from the database ever reaches innerHTML.
 */
export function parseHighlight(html: string): Segment[] {
  const segments: Segment[] = [];
  const pattern = /<mark>([\s\S]*?)<\/mark>/g;
  let last = 0;
  for (let match = pattern.exec(html); match; match = pattern.exec(html)) {
    if (match.index > last) segments.push({ text: decode(html.slice(last, match.index)), marked: false });
    segments.push({ text: decode(match[1] ?? ''), marked: true });
    last = match.index + match[0].length;
  }
  if (last < html.length) segments.push({ text: decode(html.slice(last)), marked: false });
  return segments.filter((s) => s.text !== '');
}
