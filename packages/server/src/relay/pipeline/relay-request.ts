// Reads what a relay call asks for from its body (behaviour spec §2.2 rule 4, §5.4 step 3): the model
// (with a `#arg` suffix split off), stream flags and the fields channel filters look at.
import type { GeminiPath, MidjourneyPath, RelayOperation, TaskPath } from '../providers/provider.js';

export interface RelayRequest {
  operation: RelayOperation;
  /** The model routed and billed (suffix removed). */
  model: string;
  /** The `#arg` after the model name, '' when none. */
  modelArg: string;
  /** JSON body, or the multipart fields (transcriptions). */
  body: Record<string, unknown> | FormData;
  stream: boolean;
  includeUsage: boolean;
  /** The chat request carries tools (only_chat channels are skipped). */
  hasTools: boolean;
  /** Native Gemini: version and action from the path. */
  gemini?: GeminiPath;
  /** Midjourney: action and mode from the path. */
  midjourney?: MidjourneyPath;
  /** Suno and Kling: the task's platform, action and upstream path. */
  task?: TaskPath;
  /** Never billed whatever its price (Midjourney INPAINT and CUSTOM_ZOOM: the modal step is, spec §2.4). */
  free?: boolean;
}

/** A refusal of the body: status 400 and a relay message key. */
export interface RequestRefusal {
  messageKey: string;
  params?: Record<string, unknown>;
}

const MAX_TOKENS_LIMIT = 2 ** 30 - 1;

/** Splits `name#arg` (spec §5.4 step 3). */
export function splitModelSuffix(model: string): { model: string; arg: string } {
  const at = model.indexOf('#');
  return at === -1 ? { model, arg: '' } : { model: model.slice(0, at), arg: model.slice(at + 1) };
}

/**
 * What each multipart operation needs (spec §2.2, §9.7): a model (or the default one-hub fills in), the
 * file fields that must hold an upload, and the text fields that must be present. One table for all of
 * them, so transcriptions, translations, image edits and variations are read the same way.
 */
const MULTIPART_OPERATIONS: Partial<
  Record<RelayOperation, { defaultModel?: string; files: readonly string[][]; text: readonly string[] }>
> = {
  transcription: { files: [['file']], text: [] },
  translation: { files: [['file']], text: [] },
  // gpt-image-1 takes several images as `image[]`; dall-e-2 one `image` (the mask is optional).
  'image-edits': { defaultModel: 'dall-e-2', files: [['image', 'image[]']], text: ['prompt'] },
  'image-variations': { defaultModel: 'dall-e-2', files: [['image']], text: [] },
};

/** Reads a multipart relay body (the multipart operations above; any other route reads JSON). */
function readMultipartRequest(operation: RelayOperation, body: FormData): RelayRequest | RequestRefusal {
  const rules = MULTIPART_OPERATIONS[operation];
  // A form on a JSON route is refused (one was once relayed as is).
  if (!rules) return { messageKey: 'relay.request.invalid_json' };
  const given = body.get('model');
  const model = typeof given === 'string' && given !== '' ? given : rules.defaultModel;
  if (model === undefined) return { messageKey: 'relay.request.field_required', params: { field: 'model' } };
  // Nothing to transcribe or edit is the caller's mistake, not an upstream call to pay for.
  for (const names of rules.files) {
    if (!names.some((name) => body.getAll(name).some((value) => value instanceof Blob))) {
      return { messageKey: 'relay.request.field_required', params: { field: names[0] } };
    }
  }
  for (const name of rules.text) {
    const value = body.get(name);
    if (typeof value !== 'string' || value.trim() === '')
      return { messageKey: 'relay.request.field_required', params: { field: name } };
  }
  // Streamed image edits (partial images as events) are not relayed: refused rather than read as JSON.
  if (body.get('stream') === 'true')
    return { messageKey: 'relay.request.field_invalid', params: { field: 'stream' } };
  const split = splitModelSuffix(model);
  return {
    operation,
    model: split.model,
    modelArg: split.arg,
    body,
    stream: false,
    includeUsage: false,
    hasTools: false,
  };
}

/** The text fields of a multipart body as a record (prompt estimates read size, quality, n from it). */
export function formTextFields(form: FormData): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [name, value] of form) if (typeof value === 'string' && !(name in fields)) fields[name] = value;
  return fields;
}

/** Reads a JSON relay body. `pathModel` is the model of native Gemini paths. */
export function readRelayRequest(
  operation: RelayOperation,
  body: unknown,
  options: {
    pathModel?: string;
    gemini?: GeminiPath;
    midjourney?: MidjourneyPath;
    task?: TaskPath;
    free?: boolean;
  } = {},
): RelayRequest | RequestRefusal {
  if (body instanceof FormData) return readMultipartRequest(operation, body);
  if (!body || typeof body !== 'object' || Array.isArray(body))
    return { messageKey: 'relay.request.invalid_json' };
  const object = body as Record<string, unknown>;
  let model = options.pathModel ?? object.model;
  if (operation === 'moderations' && (model === undefined || model === '')) model = 'text-moderation-stable';
  const imageOperation =
    operation === 'images' || operation === 'image-edits' || operation === 'image-variations';
  if (imageOperation && (model === undefined || model === '')) model = 'dall-e-2';
  if (typeof model !== 'string' || model.trim() === '') {
    return { messageKey: 'relay.request.field_required', params: { field: 'model' } };
  }
  for (const field of ['max_tokens', 'max_completion_tokens', 'max_output_tokens']) {
    const value = object[field];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_TOKENS_LIMIT) {
      return { messageKey: 'relay.request.field_invalid', params: { field } };
    }
  }
  const stream = options.gemini ? options.gemini.action === 'streamGenerateContent' : object.stream === true;
  const streamOptions = object.stream_options as { include_usage?: unknown } | undefined | null;
  if (operation === 'completions' && streamOptions && !stream) {
    return { messageKey: 'relay.request.field_invalid', params: { field: 'stream_options' } };
  }
  if (
    (operation === 'speech' || operation === 'moderations' || operation === 'embeddings') &&
    object.input === undefined
  ) {
    return { messageKey: 'relay.request.field_required', params: { field: 'input' } };
  }
  if ((operation === 'images' || operation === 'image-edits') && typeof object.prompt !== 'string') {
    return { messageKey: 'relay.request.field_required', params: { field: 'prompt' } };
  }
  if (operation === 'rerank') {
    if (typeof object.query !== 'string')
      return { messageKey: 'relay.request.field_required', params: { field: 'query' } };
    if (!Array.isArray(object.documents) || object.documents.length === 0)
      return { messageKey: 'relay.request.field_required', params: { field: 'documents' } };
  }
  if ((operation === 'chat' || operation === 'claude-messages') && !Array.isArray(object.messages)) {
    return { messageKey: 'relay.request.field_required', params: { field: 'messages' } };
  }
  const split = splitModelSuffix(model.trim());
  return {
    operation,
    model: split.model,
    modelArg: split.arg,
    body: object,
    stream,
    includeUsage: stream && streamOptions?.include_usage === true,
    hasTools: Array.isArray(object.tools) && object.tools.length > 0,
    ...(options.gemini ? { gemini: options.gemini } : {}),
    ...(options.midjourney ? { midjourney: options.midjourney } : {}),
    ...(options.task ? { task: options.task } : {}),
    ...(options.free ? { free: true } : {}),
  };
}

/** Merges a channel's custom parameters into a body (spec §5.4 step 4). */
export function mergeCustomParameters(
  body: Record<string, unknown>,
  custom: Readonly<Record<string, unknown>> | undefined,
  model: string,
): Record<string, unknown> {
  if (!custom) return body;
  let source: Readonly<Record<string, unknown>> = custom;
  if (custom.per_model === true) {
    const own = custom[model];
    if (!own || typeof own !== 'object' || Array.isArray(own)) return body;
    source = own as Record<string, unknown>;
  }
  const overwrite = custom.overwrite === true;
  const merged = { ...body };
  for (const [key, value] of Object.entries(source)) {
    if (
      key === 'stream' ||
      key === 'overwrite' ||
      key === 'per_model' ||
      key === 'pre_add' ||
      key === 'model'
    )
      continue;
    if (overwrite || !(key in merged)) merged[key] = value;
  }
  return merged;
}

const REASONING_EFFORTS = new Set(['minimal', 'low', 'medium', 'high']);
const CLAUDE_TYPE = 14;

/**
 * The `#arg` of a model name (spec §5.4 step 3): an effort for OpenAI reasoning models
 * (`o3-mini#high` ⇒ reasoning_effort "high"), `#thinking` for extended thinking on Claude channels.
 * The client's own fields win; other arguments are ignored.
 */
export function applyModelArg(
  body: Record<string, unknown>,
  arg: string,
  upstreamModel: string,
  channelType: number,
): Record<string, unknown> {
  if (!arg) return body;
  const reasoning = /^o[1-9]/.test(upstreamModel) || upstreamModel.startsWith('gpt-5');
  if (reasoning && REASONING_EFFORTS.has(arg) && body.reasoning_effort === undefined) {
    return { ...body, reasoning_effort: arg };
  }
  if (channelType === CLAUDE_TYPE && arg === 'thinking' && body.thinking === undefined) {
    return { ...body, thinking: { type: 'enabled' } };
  }
  return body;
}
