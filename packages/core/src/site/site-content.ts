// How a site text (home page, about, notice) is shown (console-screens §12.1): a http(s) URL is a page
// to embed, text that opens and closes an HTML tag is HTML, anything else is markdown; blank is none.
export type SiteContent =
  | { kind: 'empty' }
  | { kind: 'url'; url: string }
  | { kind: 'html'; html: string }
  | { kind: 'markdown'; markdown: string };

export function classifySiteContent(text: string | undefined | null): SiteContent {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return { kind: 'empty' };
  if (/^https?:\/\/\S+$/i.test(trimmed)) return { kind: 'url', url: trimmed };
  if (/^<[a-z!]/i.test(trimmed) && trimmed.includes('</')) return { kind: 'html', html: trimmed };
  return { kind: 'markdown', markdown: text ?? '' };
}
