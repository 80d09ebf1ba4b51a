// Site texts as HTML: markdown through `marked` (CommonMark + GFM tables, lists, line breaks), then
// every result — and any HTML the operator wrote — cleaned by DOMPurify, so no script, event handler
// or javascript: URL survives. Links open in a new tab without handing it this page (noopener).
import DOMPurify from 'dompurify';
import { marked } from 'marked';

let hooked = false;

function purifier() {
  if (!hooked) {
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.getAttribute('href')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
    hooked = true;
  }
  return DOMPurify;
}

/** Operator-written HTML, cleaned. */
export function sanitizeHtml(html: string): string {
  return purifier().sanitize(html, { FORBID_TAGS: ['style', 'form', 'input', 'button'] });
}

/** Markdown rendered and cleaned. */
export function renderMarkdown(source: string): string {
  const html = marked.parse(source, { async: false, gfm: true, breaks: true });
  return sanitizeHtml(html);
}
