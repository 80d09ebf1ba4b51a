import type { Language, Translate } from '@gw/core';
import { ProfileStore } from '../config/profiles.js';
import { type CliColor, createPainter, shouldUseColor } from '../output/color.js';

/** The process streams a command uses (real ones in the binary, fakes in unit tests). */
export interface CliStreams {
  stdout: { write(text: string): unknown; isTTY?: boolean; columns?: number };
  stderr: { write(text: string): unknown; isTTY?: boolean; columns?: number };
  stdin: NodeJS.ReadStream | (NodeJS.ReadableStream & { isTTY?: boolean });
}

/** Everything a command needs from its surroundings: language, terminal facts, output and config. */
export interface CliContext {
  env: Record<string, string | undefined>;
  language: Language;
  t: Translate;
  /** stdout is a terminal: tables with headers and local times; otherwise TSV with ISO times. */
  stdoutIsTty: boolean;
  /** stdin is a terminal: questions (confirmations) may be asked. */
  stdinIsTty: boolean;
  /** stderr is a terminal: a progress line may be redrawn there. */
  stderrIsTty: boolean;
  /** stdin and stdout are both terminals: prompts are allowed. */
  interactive: boolean;
  /** Terminal width for fitting tables (undefined on a pipe). */
  columns: number | undefined;
  paint: (color: CliColor, text: string) => string;
  paintErr: (color: CliColor, text: string) => string;
  /** Writes data to stdout. */
  write: (text: string) => void;
  /** Writes one diagnostic line to stderr. */
  note: (line: string) => void;
  streams: CliStreams;
  profiles: ProfileStore;
  /** The profile named by `--profile` (else GW_PROFILE, else the current one). */
  profileFlag: string | undefined;
  /** The last request sent, so a failure can name the server and the call. */
  lastRequest?: { method: string; url: string };
  /**
   * The command words given (global flags taken out), so a command builds only the verb they name;
   * undefined when every verb is needed (help, completion).
   */
  words?: readonly string[];
}

export interface ContextOptions {
  language: Language;
  t: Translate;
  profile?: string;
  profiles?: ProfileStore;
}

/** Builds the context from the process (or test fakes). */
export function createCliContext(
  streams: CliStreams,
  env: Record<string, string | undefined>,
  options: ContextOptions,
): CliContext {
  const stdoutIsTty = streams.stdout.isTTY === true;
  const stdinIsTty = (streams.stdin as { isTTY?: boolean }).isTTY === true;
  const stderrIsTty = streams.stderr.isTTY === true;
  return {
    env,
    language: options.language,
    t: options.t,
    stdoutIsTty,
    stdinIsTty,
    stderrIsTty,
    interactive: stdoutIsTty && stdinIsTty,
    columns: stdoutIsTty ? (streams.stdout.columns ?? 100) : undefined,
    paint: createPainter(shouldUseColor(env, stdoutIsTty)),
    paintErr: createPainter(shouldUseColor(env, stderrIsTty)),
    write: (text) => {
      streams.stdout.write(text);
    },
    note: (line) => {
      streams.stderr.write(`${line}\n`);
    },
    streams,
    profiles: options.profiles ?? new ProfileStore(env),
    profileFlag: options.profile,
  };
}
