// Relay request bodies and path inputs as the routes read them (issue 8): bytes that are not UTF-8
// refused, JSON walked for NUL, invalid Unicode and depth, multipart that cannot be read refused as a 400, and the relay's wording of these
// refusals in the OpenAI shape.
import {
  assertWellFormedInput,
  jsonTextChecks,
  type Language,
  MAX_INPUT_DEPTH,
  MalformedInputError,
  translate,
  undecodableInputError,
} from '@gw/core';
import { decodeBody, replacedWhileDecoding } from '../../plugins/utf8-input.js';

/** A multipart body that cannot be read: a 400, not an internal error (issue 8). */
class InvalidMultipartError extends Error {
  readonly statusCode = 400;
  readonly code = 'GW_INVALID_MULTIPART';
}

/**
 * Reads a multipart body into FormData (transcriptions), keeping files as blobs; its text fields and file
 * names pass the same NUL, Unicode and UTF-8 checks as JSON bodies (the model name ends up in the consume
 * log, the file name goes upstream).
 */
export async function parseMultipartBody(contentType: string, body: Buffer): Promise<FormData> {
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new InvalidMultipartError('invalid multipart body');
  }
  for (const [name, value] of form) {
    // A file's bytes are the upload itself; its name, the text fields and every field's name are checked.
    const text = typeof value === 'string' ? value : value.name;
    if (replacedWhileDecoding(name, body) || replacedWhileDecoding(text, body)) {
      throw new MalformedInputError({ field: name, problem: 'encoding' });
    }
    assertWellFormedInput({ [name]: text });
  }
  return form;
}

/**
 * A JSON relay body: parsed, then walked once for NUL, invalid Unicode and too deep nesting; `utf8` false
 * (its bytes were not all UTF-8) refuses it, naming the field they were in.
 */
export function parseRelayJson(text: string, utf8 = true): unknown {
  const parsed = parseJsonText(text);
  checkRelayJson(parsed, text, utf8);
  return parsed;
}

/**
 * {@link parseRelayJson} of a big body in steps — decode, parse, check — each in its own event-loop turn
 * (big-body-turns.ts): a 1 MiB body done in one go held the loop for the three together (issue 8 item 2).
 */
export async function parseRelayJsonInTurns(raw: Buffer, takeTurn: () => Promise<void>): Promise<unknown> {
  await takeTurn();
  const { text, utf8 } = decodeBody(raw);
  if (text.trim() === '') return undefined;
  await takeTurn();
  const parsed = parseJsonText(text);
  await takeTurn();
  checkRelayJson(parsed, text, utf8);
  return parsed;
}

function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    const error = new Error('invalid JSON') as Error & { statusCode: number; code: string };
    error.statusCode = 400;
    error.code = 'FST_ERR_CTP_INVALID_JSON_BODY';
    throw error;
  }
}

function checkRelayJson(parsed: unknown, text: string, utf8: boolean): void {
  if (!utf8) throw undecodableInputError(parsed);
  assertWellFormedInput(parsed, '', jsonTextChecks(text));
}

/** The relay's message for a request refused before the pipeline (bad body, bad path). */
export function relayRefusalMessage(
  language: Language,
  error: { statusCode?: number; code?: string; message: string },
) {
  if (error instanceof MalformedInputError) {
    const key = error.problem === 'depth' ? 'too_deep' : error.problem;
    return translate(language, `relay.request.${key}`, { field: error.field, max: MAX_INPUT_DEPTH });
  }
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return translate(language, 'relay.request.invalid_json');
  }
  if (error.code === 'GW_INVALID_MULTIPART') return translate(language, 'relay.request.invalid_multipart');
  return undefined;
}

/**
 * The model of a native Gemini path. The router decoded the path once; a model spelled with `%` escapes
 * is decoded again (a stray `%` is kept as it is), and what that yields passes the boundary check.
 */
export function geminiPathModel(part: string): string {
  let model = part;
  try {
    model = decodeURIComponent(part);
  } catch {
    // not an escape: the text as it came
  }
  assertWellFormedInput({ model });
  return model;
}
