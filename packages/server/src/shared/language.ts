// The language a reply's messages are written in: Accept-Language, else zh_CN.
import { DEFAULT_LANGUAGE, type Language, normalizeLanguage, type Translate, translate } from '@gw/core';

/** Picks the first supported language of an Accept-Language header (quality order as sent). */
export function languageFromHeader(header: string | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const tags = header
    .split(',')
    .map((part) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const quality = rest.map((p) => /^q=([\d.]+)$/.exec(p.trim())?.[1]).find(Boolean);
      return { tag, quality: quality === undefined ? 1 : Number(quality) };
    })
    .filter((entry) => entry.tag && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality);
  for (const { tag } of tags) {
    const language = normalizeLanguage(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

/** A translator bound to one language. */
export function translatorFor(language: Language): Translate {
  return (key, params) => translate(language, key, params);
}
