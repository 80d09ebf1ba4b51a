import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown';

describe('notice markdown', () => {
  it('renders headings, lists, emphasis, code and http links', () => {
    const html = renderMarkdown('# Hi\n\n- **new** model\n- `gpt-4o`\n\nSee [docs](https://example.com/a).');
    expect(html).toContain('<h1>Hi</h1>');
    expect(html).toContain('<ul><li><strong>new</strong> model</li><li><code>gpt-4o</code></li></ul>');
    expect(html).toContain(
      '<a href="https://example.com/a" target="_blank" rel="noopener noreferrer">docs</a>',
    );
  });

  it('given HTML or a javascript: link in the source, then neither becomes live markup', () => {
    const html = renderMarkdown('<img src=x onerror=alert(1)> [x](javascript:alert(1))');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('href="javascript');
  });
});
