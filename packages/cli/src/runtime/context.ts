import { languageFromEnv, translate, type Language, type Translate } from '@gw/core';
import { CredentialStore } from '../config/credentials.js';
import { type CliColor, createPainter, shouldUseColor } from '../output/color.js';

/** The process streams a command uses (real ones in the binary, fakes in unit tests). */
export interface CliStreams {
  stdout: { write(text: string): unknown; isTTY?: boolean; columns?: number };
  stderr: { write(text: string): unknown; isTTY?: boolean };
  stdin: NodeJS.ReadStream | (NodeJS.ReadableStream & { isTTY?: boolean });
}

/** Everything a command needs from its surroundings: language, terminal facts, output and config. */
export interface CliContext {
  env: Record<string, string | undefined>;
  language: Language;
  t: Translate;
  /** stdout is a terminal: tables with headers and local times; otherwise TSV with ISO times. */
  stdoutIsTty: boolean;
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
  credentials: CredentialStore;
}

/** Builds the context from the process (or test fakes). */
export function createCliContext(streams: CliStreams, env: Record<string, string | undefined>): CliContext {
  const language = languageFromEnv(env);
  const stdoutIsTty = streams.stdout.isTTY === true;
  const stdinIsTty = (streams.stdin as { isTTY?: boolean }).isTTY === true;
  return {
    env,
    language,
    t: (key, params) => translate(language, key, params),
    stdoutIsTty,
    interactive: stdoutIsTty && stdinIsTty,
    columns: stdoutIsTty ? (streams.stdout.columns ?? 100) : undefined,
    paint: createPainter(shouldUseColor(env, stdoutIsTty)),
    paintErr: createPainter(shouldUseColor(env, streams.stderr.isTTY === true)),
    write: (text) => {
      streams.stdout.write(text);
    },
    note: (line) => {
      streams.stderr.write(`${line}\n`);
    },
    streams,
    credentials: new CredentialStore(env),
  };
}
