import type { SiteContent } from '@gw/core';
import { useMemo } from 'react';
import { renderMarkdown, sanitizeHtml } from '../../lib/markdown';

/**
 * A site text drawn per console-screens §12.1: a URL as a full-height frame, HTML and markdown as
 * cleaned HTML. Loaded on its own (marked and DOMPurify stay out of the first screen).
 */
export function SiteContentView({ content, title }: { content: SiteContent; title: string }) {
  const html = useMemo(() => {
    if (content.kind === 'markdown') return renderMarkdown(content.markdown);
    if (content.kind === 'html') return sanitizeHtml(content.html);
    return '';
  }, [content]);
  if (content.kind === 'url')
    return (
      <iframe
        className="gw-site-frame"
        title={title}
        src={content.url}
        sandbox="allow-scripts allow-popups allow-forms allow-same-origin"
      />
    );
  if (content.kind === 'empty') return null;
  return (
    <div
      className="gw-site-content bp6-running-text"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML has been through DOMPurify (lib/markdown)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
