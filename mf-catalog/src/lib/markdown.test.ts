import { describe, expect, test } from '@jest/globals';
import { renderMarkdown } from './markdown';

describe('article bodies are rendered safely', () => {
  test('markdown becomes HTML', () => {
    const html = renderMarkdown('## Costs\n\nA **modular** home, see [the guide](/blog/costs).\n\n- one\n- two');
    expect(html).toContain('<h2>Costs</h2>');
    expect(html).toContain('<strong>modular</strong>');
    expect(html).toContain('<a href="/blog/costs">the guide</a>');
    expect(html).toContain('<li>one</li>');
  });

  test('scripts, event handlers, styles, frames and javascript: links are removed', () => {
    const html = renderMarkdown(
      'Hi <script>alert(1)</script><img src="x" onerror="alert(2)"><iframe src="https://evil.example"></iframe>' +
        '<p style="position:fixed">x</p>\n\n[click](javascript:alert(3)) <a href="javascript:alert(4)">y</a>',
    );
    expect(html).not.toMatch(/<script|onerror|<iframe|style=|javascript:/i);
    expect(html).toContain('<img src="x"');
  });

  test('links to other sites open safely in a new tab', () => {
    const html = renderMarkdown('[Passivhaus](https://passivehouse.com)');
    expect(html).toContain('target="_blank"');
    expect(html).toContain('rel="noopener noreferrer nofollow"');
  });
});
