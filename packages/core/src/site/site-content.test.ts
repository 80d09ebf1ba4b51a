import { describe, expect, it } from 'vitest';
import { classifySiteContent } from './site-content.js';

describe('site content', () => {
  it('is empty when blank, a page to embed when a lone http(s) URL, HTML when it opens and closes a tag', () => {
    expect(classifySiteContent('  \n')).toEqual({ kind: 'empty' });
    expect(classifySiteContent(undefined)).toEqual({ kind: 'empty' });
    expect(classifySiteContent(' https://example.com/home ')).toEqual({
      kind: 'url',
      url: 'https://example.com/home',
    });
    expect(classifySiteContent('<div class="x">hi</div>')).toEqual({
      kind: 'html',
      html: '<div class="x">hi</div>',
    });
  });

  it('is markdown otherwise: a URL inside text, a lone tag, javascript: and plain words', () => {
    expect(classifySiteContent('see https://example.com').kind).toBe('markdown');
    expect(classifySiteContent('<br>').kind).toBe('markdown');
    expect(classifySiteContent('javascript:alert(1)').kind).toBe('markdown');
    expect(classifySiteContent('# Welcome\n\n- one').kind).toBe('markdown');
  });
});
