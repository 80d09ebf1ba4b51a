// How the command palette matches typed text (web Ctrl+K, TUI `:`): pure, so every face ranks alike.

/** Text compared case- and width-insensitively (full-width letters, Ｋ → k). */
export function normalizeSearchText(text: string): string {
  return text.normalize('NFKC').toLowerCase().trim();
}

/** The typed words: a leading `:` (the TUI's prompt) dropped, split on spaces. */
export function queryWords(query: string): string[] {
  return normalizeSearchText(query.replace(/^\s*:/, ''))
    .split(/\s+/)
    .filter((word) => word.length > 0);
}

const WORD_START = /[\s_\-./›>#@()（）]/;

/** Whether `word`'s letters appear in `text` in order (a loose match: `mus` in `multi_user_stats`). */
function isSubsequence(word: string, text: string): boolean {
  let at = 0;
  for (const letter of text) if (letter === word[at]) at += 1;
  return at >= word.length;
}

/**
 * How well one typed word matches one text (both normalized): 100 the whole text, 80 its start,
 * 60 the start of a later word, 40 anywhere inside, 10 its letters in order; 0 no match.
 */
export function wordScore(word: string, text: string): number {
  if (!word || !text) return 0;
  if (text === word) return 100;
  if (text.startsWith(word)) return 80;
  const at = text.indexOf(word);
  if (at > 0) return WORD_START.test(text[at - 1] ?? '') ? 60 : 40;
  // Letters in order only for words of two or more letters, or every short word matches everything.
  return word.length >= 2 && isSubsequence(word, text) ? 10 : 0;
}

/**
 * How well a query matches something known by `title` and `terms` (ids, aliases, other names):
 * every word must match one of them; the title counts a little more than the terms, a text the word
 * covers more a little more than a longer one. 0 = no match;
 * an empty query matches everything with 1 so the order given is kept.
 */
export function matchScore(query: string, title: string, terms: readonly string[] = []): number {
  const words = queryWords(query);
  if (words.length === 0) return 1;
  const fields = [normalizeSearchText(title), ...terms.map(normalizeSearchText)];
  let total = 0;
  for (const word of words) {
    let best = 0;
    fields.forEach((field, index) => {
      const base = wordScore(word, field);
      if (base === 0) return;
      // Ties go to the title, then to the text the word covers most (`us`: `user` before `user_stats`).
      const score = base + (index === 0 ? 1 : 0) + word.length / field.length;
      if (score > best) best = score;
    });
    if (best === 0) return 0;
    total += best;
  }
  return total;
}
