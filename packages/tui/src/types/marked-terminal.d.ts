// marked-terminal ships no types; the notice uses its one export as a marked extension.
declare module 'marked-terminal' {
  export function markedTerminal(
    options?: Record<string, unknown>,
    highlightOptions?: Record<string, unknown>,
  ): unknown;
}
