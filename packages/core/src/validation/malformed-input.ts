// The boundary check every request passes (issue 8): no string may hold NUL or invalid Unicode (a
// PostgreSQL text column refuses both, and one refused consume-log row used to block the whole ledger), no
// text may arrive as bytes that are not UTF-8 (they would be stored as U+FFFD, silently changed),
// and no JSON may nest deeper than MAX_INPUT_DEPTH (the recursive code after parsing — trimming,
// stringifying — overflows the stack on ~1,800 levels). One walk, with its own stack instead of
// recursion, checks both; the server runs it on bodies right after parsing and on paths and queries,
// and the schemas of JSON-text fields run it on what their text holds.

/** The deepest nesting of arrays and objects a request may carry; real requests stay far below. */
export const MAX_INPUT_DEPTH = 400;

/** What is wrong with an input: a NUL, a lone surrogate, bytes that are not UTF-8, or too deep a nesting. */
export type InputProblem = 'nul' | 'unicode' | 'encoding' | 'depth';

/** Where the walk found the first problem: the field (`messages[0].content`) and what it is. */
export interface InputDefect {
  field: string;
  problem: InputProblem;
}

/** A request refused at the boundary; both error handlers (envelope, OpenAI shape) read it. */
export class MalformedInputError extends Error {
  readonly statusCode = 400;
  readonly code = 'GW_MALFORMED_INPUT';
  readonly field: string;
  readonly problem: InputProblem;

  constructor(defect: InputDefect) {
    super(`${defect.field}: ${defect.problem}`);
    this.name = 'MalformedInputError';
    this.field = defect.field;
    this.problem = defect.problem;
  }
}

// ES2024's String.prototype.isWellFormed (Node 20+); the project's lib is ES2023.
type WellFormedString = string & { isWellFormed(): boolean; toWellFormed(): string };

/** The problem of one string, if any. */
export function textProblem(text: string): InputProblem | undefined {
  if (text.includes('\0')) return 'nul';
  if (!(text as WellFormedString).isWellFormed()) return 'unicode';
  return undefined;
}

/** A container on the walk's stack; the path is only spelled out when a problem is found. */
interface Frame {
  value: object;
  depth: number;
  parent: Frame | undefined;
  key: string | number | undefined;
}

/** A key as it can be shown: NULs spelled `\u0000`, lone surrogates replaced. */
function printableKey(key: string): string {
  return (key.replaceAll('\0', '\\u0000') as WellFormedString).toWellFormed();
}

const SHOWN_PATH_PARTS = 12;

function fieldOf(frame: Frame | undefined, key: string | number | undefined, prefix: string): string {
  const parts: string[] = [];
  let step: string | number | undefined = key;
  let at = frame;
  while (step !== undefined) {
    parts.push(typeof step === 'number' ? `[${step}]` : `.${printableKey(step)}`);
    step = at?.key;
    at = at?.parent;
  }
  parts.reverse();
  // A field 400 levels down would make a message of 400 names: show its start and its end.
  if (parts.length > SHOWN_PATH_PARTS) parts.splice(6, parts.length - SHOWN_PATH_PARTS + 1, '…');
  const path = parts.join('');
  const joined = prefix + (prefix === '' ? path.replace(/^\./, '') : path);
  return joined === '' ? 'body' : joined;
}

/** Which checks a walk makes: of the strings, of the depth, or both. */
export interface WalkChecks {
  text: boolean;
  depth: boolean;
  /**
   * The input was decoded from bytes that are not all UTF-8: the first string (or key) holding U+FFFD, the
   * decoder's replacement, is where they were, reported as 'encoding'.
   */
  replaced?: boolean;
}

const REPLACEMENT = '\uFFFD';

const ALL_CHECKS: WalkChecks = { text: true, depth: true };

// Once parsed, a JSON text holds a NUL or a lone surrogate only through a `\u` escape: raw control
// characters are invalid JSON, and a body decoded from UTF-8 has no lone surrogates.
const SUSPECT_ESCAPE = /\\u(?:0000|[dD][89a-fA-F])/;

/**
 * The checks a JSON text needs, read from the text itself: most relay bodies need none, which spares a
 * walk over a large prompt. Over-counting (a `{` inside a string) only costs a walk that finds nothing.
 */
export function jsonTextChecks(text: string): WalkChecks {
  let openers = 0;
  for (const opener of ['{', '[']) {
    let at = text.indexOf(opener);
    while (at !== -1 && openers <= MAX_INPUT_DEPTH) {
      openers += 1;
      at = text.indexOf(opener, at + 1);
    }
  }
  return { text: SUSPECT_ESCAPE.test(text), depth: openers > MAX_INPUT_DEPTH };
}

/**
 * The first NUL, invalid Unicode or too deep nesting in a parsed input (JSON value, query, path
 * parameters, form fields), with the field that holds it; undefined when the input is clean.
 * `prefix` names the whole input (empty for a body or a query, whose fields are named bare).
 */
export function findMalformedInput(
  value: unknown,
  prefix = '',
  checks: WalkChecks = ALL_CHECKS,
): InputDefect | undefined {
  if (!checks.text && !checks.depth && !checks.replaced) return undefined;
  const stringProblem = (text: string): InputProblem | undefined =>
    (checks.text ? textProblem(text) : undefined) ??
    (checks.replaced && text.includes(REPLACEMENT) ? 'encoding' : undefined);
  if (typeof value === 'string') {
    const problem = stringProblem(value);
    return problem ? { field: prefix === '' ? 'body' : prefix, problem } : undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  const stack: Frame[] = [{ value, depth: 1, parent: undefined, key: undefined }];
  for (let frame = stack.pop(); frame !== undefined; frame = stack.pop()) {
    if (frame.depth > MAX_INPUT_DEPTH) {
      return { field: fieldOf(frame.parent, frame.key, prefix), problem: 'depth' };
    }
    // Index loops, not Object.entries: this runs on every relay body, and large ones have many parts.
    const container = frame.value as Record<string, unknown> & unknown[];
    const keys = Array.isArray(container) ? undefined : Object.keys(container);
    const length = keys ? keys.length : container.length;
    for (let index = 0; index < length; index += 1) {
      const key: string | number = keys ? (keys[index] as string) : index;
      if (keys && (checks.text || checks.replaced)) {
        const keyProblem = stringProblem(key as string);
        if (keyProblem) return { field: fieldOf(frame, key, prefix), problem: keyProblem };
      }
      const item = container[key as string];
      if (typeof item === 'string') {
        const problem = stringProblem(item);
        if (problem) return { field: fieldOf(frame, key, prefix), problem };
      } else if (item !== null && typeof item === 'object') {
        stack.push({ value: item, depth: frame.depth + 1, parent: frame, key });
      }
    }
  }
  return undefined;
}

/** Throws MalformedInputError when `findMalformedInput` finds a problem. */
export function assertWellFormedInput(value: unknown, prefix = '', checks = ALL_CHECKS): void {
  const defect = findMalformedInput(value, prefix, checks);
  if (defect) throw new MalformedInputError(defect);
}

/**
 * The refusal of an input decoded from bytes that are not UTF-8: the field whose text holds the decoder's
 * replacement character, or the whole input (`prefix`, else `body`) when none does.
 */
export function undecodableInputError(decoded: unknown, prefix = ''): MalformedInputError {
  const defect = findMalformedInput(decoded, prefix, { text: false, depth: false, replaced: true });
  return new MalformedInputError(defect ?? { field: prefix === '' ? 'body' : prefix, problem: 'encoding' });
}
