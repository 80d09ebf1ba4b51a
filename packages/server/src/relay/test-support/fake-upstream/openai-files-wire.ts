// OpenAI's Files and Batches endpoints, for the raw pass-through routes (spec §2.3): enough of the wire
// format for the official client's files.create/list/retrieve/content/delete and batches.create/retrieve,
// on OpenAI paths (`/v1/files…`) and Azure's (`/openai/files…?api-version=`). Uploaded files are kept in
// memory (their bytes too) for the life of the process.
import { FAKE_CREATED, openAiErrorBody } from './openai-wire.js';
import { bodyField, type FakeReply, type RecordedRequest } from './fake-reply.js';
import { fakeFileBytes } from './request-body.js';

interface StoredFile {
  id: string;
  object: 'file';
  bytes: number;
  created_at: number;
  filename: string;
  purpose: string;
  status: 'processed';
}

const files = new Map<string, StoredFile>();
const contents = new Map<string, Buffer>();
const batches = new Map<string, Record<string, unknown>>();
let sequence = 0;

const notFound = (what: string): FakeReply => ({
  kind: 'json',
  status: 404,
  body: openAiErrorBody(404, `No such ${what}`),
});

/** The answer for a Files or Batches call, or undefined when the path is not one of theirs. */
export function openAiFilesAnswer(
  method: string,
  path: string,
  request: RecordedRequest,
): FakeReply | undefined {
  const match = /^\/(?:v1|openai)\/(files|batches)(?:\/([^/]+))?(?:\/(content|cancel))?$/.exec(path);
  if (!match) return undefined;
  const [, kind, id, action] = match;
  if (kind === 'files') return filesAnswer(method, id, action, request);
  return batchesAnswer(method, id, action, request);
}

function filesAnswer(
  method: string,
  id: string | undefined,
  action: string | undefined,
  request: RecordedRequest,
): FakeReply {
  if (!id) {
    if (method === 'GET') {
      return {
        kind: 'json',
        status: 200,
        body: { object: 'list', data: [...files.values()], has_more: false },
      };
    }
    if (method !== 'POST') return notFound('route');
    const file = bodyField(request.body, 'file');
    const purpose = bodyField(request.body, 'purpose');
    const bytes = fakeFileBytes(file);
    if (!file || typeof purpose !== 'string' || !bytes) {
      return { kind: 'json', status: 400, body: openAiErrorBody(400, 'expected multipart file and purpose') };
    }
    const stored: StoredFile = {
      id: `file-fake${++sequence}`,
      object: 'file',
      bytes: bytes.length,
      created_at: FAKE_CREATED,
      filename: String(bodyField(file, 'filename')),
      purpose,
      status: 'processed',
    };
    files.set(stored.id, stored);
    contents.set(stored.id, bytes);
    return { kind: 'json', status: 200, body: stored };
  }
  const stored = files.get(id);
  if (!stored) return notFound(`file: ${id}`);
  if (method === 'GET' && action === 'content') {
    return {
      kind: 'bytes',
      status: 200,
      contentType: 'application/octet-stream',
      body: contents.get(id) ?? Buffer.alloc(0),
    };
  }
  if (method === 'GET' && !action) return { kind: 'json', status: 200, body: stored };
  if (method === 'DELETE' && !action) {
    files.delete(id);
    contents.delete(id);
    return { kind: 'json', status: 200, body: { id, object: 'file', deleted: true } };
  }
  return notFound('route');
}

function batchesAnswer(
  method: string,
  id: string | undefined,
  action: string | undefined,
  request: RecordedRequest,
): FakeReply {
  if (!id && method === 'POST') {
    const inputFile = bodyField(request.body, 'input_file_id');
    if (typeof inputFile !== 'string' || !files.has(inputFile)) {
      return { kind: 'json', status: 400, body: openAiErrorBody(400, `No such file: ${String(inputFile)}`) };
    }
    const batch = {
      id: `batch_fake${++sequence}`,
      object: 'batch',
      endpoint: bodyField(request.body, 'endpoint'),
      input_file_id: inputFile,
      completion_window: bodyField(request.body, 'completion_window'),
      status: 'validating',
      created_at: FAKE_CREATED,
    };
    batches.set(batch.id, batch);
    return { kind: 'json', status: 200, body: batch };
  }
  const batch = id ? batches.get(id) : undefined;
  if (!batch) return notFound(`batch: ${String(id)}`);
  if (method === 'GET' && !action) return { kind: 'json', status: 200, body: batch };
  if (method === 'POST' && action === 'cancel') {
    batch.status = 'cancelling';
    return { kind: 'json', status: 200, body: batch };
  }
  return notFound('route');
}
