// A CliContext over in-memory streams, for unit tests of the output layer and commands.
import { Readable } from 'node:stream';
import { languageFromEnv, translate } from '@gw/core';
import { type CliContext, createCliContext } from '../runtime/context.js';

export interface FakeTerminal {
  ctx: CliContext;
  stdout: () => string;
  stderr: () => string;
}

/** Builds a context whose stdout is (or is not) a terminal of `columns` cells. */
export function fakeContext(
  options: { tty?: boolean; columns?: number; env?: Record<string, string> } = {},
): FakeTerminal {
  let out = '';
  let err = '';
  const env = { LANG: 'en_US.UTF-8', ...options.env };
  const language = languageFromEnv(env);
  const stdin = Object.assign(Readable.from([]), { isTTY: options.tty ?? false });
  const ctx = createCliContext(
    {
      stdout: {
        isTTY: options.tty ?? false,
        columns: options.columns,
        write: (text: string) => {
          out += text;
          return true;
        },
      },
      stderr: {
        isTTY: false,
        write: (text: string) => {
          err += text;
          return true;
        },
      },
      stdin,
    },
    env,
    { language, t: (key, params) => translate(language, key, params) },
  );
  return { ctx, stdout: () => out, stderr: () => err };
}
