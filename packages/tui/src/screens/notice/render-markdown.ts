/// <reference path="../../types/marked-terminal.d.ts" />
// Markdown for the terminal (the notice): marked with marked-terminal, loaded only when a notice is read.
// Emoji shortcodes stay text (the console draws no emoji); colour follows chalk, which NO_COLOR turns off.

/** The markdown as terminal text, wrapped at `width` columns. */
export async function renderMarkdown(markdown: string, width: number): Promise<string> {
  const [{ Marked }, { markedTerminal }] = await Promise.all([import('marked'), import('marked-terminal')]);
  const marked = new Marked(
    markedTerminal({ emoji: false, reflowText: true, width, tab: 2, showSectionPrefix: false }) as never,
  );
  return marked.parse(markdown, { async: false }) as string;
}
