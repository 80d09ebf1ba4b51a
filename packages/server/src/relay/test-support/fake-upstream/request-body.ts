import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { FakeFormFile } from './fake-reply.js';

/** Reads the whole request body. */
export async function readRawBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The bytes of each recorded multipart file (the Files fake stores uploads; the record stays small). */
const FILE_BYTES = new WeakMap<FakeFormFile, Buffer>();

/** The uploaded bytes behind a recorded multipart file field. */
export function fakeFileBytes(file: unknown): Buffer | undefined {
  return file && typeof file === 'object' ? FILE_BYTES.get(file as FakeFormFile) : undefined;
}

/** A multipart body as a record: text fields as strings (repeated names as arrays), files as FakeFormFile. */
async function parseMultipart(raw: Buffer, contentType: string): Promise<Record<string, unknown>> {
  const form = await new Response(new Uint8Array(raw), {
    headers: { 'content-type': contentType },
  }).formData();
  const fields: Record<string, unknown> = {};
  for (const [name, value] of form.entries()) {
    let recorded: string | FakeFormFile;
    if (typeof value === 'string') recorded = value;
    else {
      recorded = { filename: value.name, type: value.type, size: value.size };
      FILE_BYTES.set(recorded, Buffer.from(await value.arrayBuffer()));
    }
    const previous = fields[name];
    if (previous === undefined) fields[name] = recorded;
    else fields[name] = Array.isArray(previous) ? [...previous, recorded] : [previous, recorded];
  }
  return fields;
}

/**
 * The body as recorded: multipart/form-data as a field record, else parsed JSON, else the raw text;
 * undefined when empty. A malformed multipart body is kept as text (routes then answer 400).
 */
export async function parseRequestBody(raw: Buffer, headers: IncomingHttpHeaders): Promise<unknown> {
  if (raw.length === 0) return undefined;
  const contentType = headers['content-type'] ?? '';
  if (contentType.toLowerCase().startsWith('multipart/form-data')) {
    try {
      return await parseMultipart(raw, contentType);
    } catch {
      return raw.toString('utf8');
    }
  }
  const text = raw.toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
