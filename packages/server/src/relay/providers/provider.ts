// The one interface an upstream vendor implements (behaviour spec §19): how a client call becomes the
// vendor's HTTP request, and how the vendor's reply, stream and errors come back in the client's
// dialect with the usage to bill. A new vendor is one folder under providers/ exporting a RelayProvider,
// listed once in providers/registry.ts. Providers are pure translation: no database, no billing, no
// retries; the pipeline (relay/pipeline/) does the HTTP call and everything around it.
import type { Readable } from 'node:stream';
import type { BillingUsage } from '../billing/extra-usage.js';

/** What the client called, which fixes the request and reply formats it speaks. */
export type RelayOperation =
  /** POST /v1/chat/completions (OpenAI chat). */
  | 'chat'
  /** POST /v1/completions (legacy text completions). */
  | 'completions'
  | 'embeddings'
  /** POST /v1/images/generations. */
  | 'images'
  /** POST /v1/images/edits: a multipart body (image, optional mask, prompt). */
  | 'image-edits'
  /** POST /v1/images/variations: a multipart body (image). */
  | 'image-variations'
  /** POST /v1/audio/speech: the reply is audio bytes, piped as they come. */
  | 'speech'
  /** POST /v1/audio/transcriptions: a multipart body. */
  | 'transcription'
  /** POST /v1/audio/translations: a multipart body, billed like transcriptions. */
  | 'translation'
  /** POST /v1/rerank: Jina, Cohere and SiliconFlow style reranking (errors as `{"detail": …}`). */
  | 'rerank'
  | 'moderations'
  /** POST /v1/responses (OpenAI Responses API). */
  | 'responses'
  /** POST /claude/v1/messages (native Anthropic Messages). */
  | 'claude-messages'
  /** POST /gemini/:version/models/:model:action (native Gemini generateContent). */
  | 'gemini-generate'
  /** POST /mj/submit/:action (Midjourney-Proxy, spec §2.4): a task submitted, billed per call. */
  | 'mj-submit'
  /** POST /suno/submit/:action, POST /kling/v1/:class/:action (spec §9.8): a task submitted, billed per call. */
  | 'task-submit';

/** The channel fields a provider reads (parsed once from the channel row). */
export interface UpstreamChannel {
  id: number;
  type: number;
  name: string;
  /** The upstream credential, as stored. */
  key: string;
  /** Custom base URL without a trailing slash; '' means the vendor's default. */
  baseUrl: string;
  /** Vendor-specific text: Azure api-version, Gemini API version, … */
  other: string;
  /** Extra headers sent on every upstream request (channel `model_headers`). */
  headers: Readonly<Record<string, string>>;
  /** Channel `plugin` JSON, parsed (`{}` when none). */
  plugin: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

/** Site options a provider may read (behaviour spec §1.3 "Native APIs"). */
export interface ProviderSettings {
  /** ClaudeDefaultMaxTokens: model → default max_tokens, with a `default` entry. */
  claudeDefaultMaxTokens: Readonly<Record<string, number>>;
  /** ClaudeBudgetTokensPercentage (0.8): thinking budget as a share of max_tokens. */
  claudeBudgetTokensPercentage: number;
  /** GeminiOpenThink: model → include thoughts. */
  geminiOpenThink: Readonly<Record<string, boolean>>;
}

/** One upstream call the pipeline asks a provider to build. */
export interface ProviderCall {
  operation: RelayOperation;
  channel: UpstreamChannel;
  /** The model name sent upstream (after the channel's model mapping). */
  model: string;
  /**
   * The client's body with `model` already replaced and custom parameters merged. JSON operations get
   * the parsed object; the multipart operations (transcription, translation, image edits and variations)
   * get the fields as FormData.
   */
  body: Record<string, unknown> | FormData;
  stream: boolean;
  /** The client asked for `stream_options.include_usage` (OpenAI-dialect streams). */
  includeUsage: boolean;
  /** Lower-cased client headers a provider may honour (anthropic-version, anthropic-beta, …). */
  clientHeaders: Readonly<Record<string, string | undefined>>;
  /** Native Gemini only: the API version and action from the request path. */
  gemini?: GeminiPath;
  /** Midjourney only: the action and speed mode from the request path. */
  midjourney?: MidjourneyPath;
  /** Suno and Kling only: the platform, action and upstream path of a task submit. */
  task?: TaskPath;
  settings: ProviderSettings;
}

/** The HTTP request to send upstream. */
export interface UpstreamRequest {
  /** Any method for the raw pass-through routes (spec §2.3); GET or POST for the translated ones. */
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';
  url: string;
  headers: Record<string, string>;
  /** A stream only on the raw pass-through routes: the client's body, forwarded as it arrives. */
  body?: string | Uint8Array | FormData | Readable;
}

/** A vendor error, already in OpenAI error fields (the pipeline shapes it per spec §7.3). */
export interface UpstreamError {
  /** HTTP status to answer with (the upstream's, or 400 for a 200 reply that carried an error). */
  status: number;
  message: string;
  type: string;
  code: string | number | null;
  param?: string | null;
}

/** Thrown by reply and stream translation when the upstream reply is an error in disguise. */
export class UpstreamFailure extends Error {
  /**
   * `channelFault`: thrown while building a request because the channel itself is misconfigured (a
   * malformed Vertex `other` or Bedrock key): a channel failure, retried elsewhere, not the caller's.
   */
  constructor(
    readonly error: UpstreamError,
    readonly channelFault = false,
  ) {
    super(error.message);
    this.name = 'UpstreamFailure';
  }
}

/** A finished non-stream reply in the client's dialect. */
export interface TranslatedReply {
  /** The JSON value to send to the client. */
  body: unknown;
  /** The usage the upstream reported; undefined when it reported none (the pipeline counts locally). */
  usage?: BillingUsage;
  /** The generated text, for local counting when usage is missing. */
  text: string;
}

/** One server-sent event as read from the upstream (`data` lines joined by "\n"). */
export interface SseEvent {
  event?: string;
  data: string;
}

/**
 * Translates one upstream stream into client SSE frames. A frame is complete wire text, for example
 * `data: {...}\n\n` or `event: message_start\ndata: {...}\n\n`.
 */
/** The native Gemini route's path and query: `sse` is the client's `alt=sse` (else Google's JSON array). */
export interface GeminiPath {
  version: string;
  action: string;
  sse?: boolean;
}

/** A Midjourney submit: the priced action (upper case), the speed mode and the proxy path it goes to. */
export interface MidjourneyPath {
  action: string;
  mode: 'fast' | 'turbo' | 'relax';
  /** The proxy's path without the mode prefix, e.g. `/mj/submit/imagine`, `/mj/insight-face/swap`. */
  path: string;
}

/** A Suno or Kling task submit (spec §9.8): the platform, the task's action and the upstream path. */
export interface TaskPath {
  platform: 'suno' | 'kling';
  /** The task row's action: Suno `MUSIC` or `LYRICS`, Kling `text2video` or `image2video`. */
  action: string;
  /** The upstream path, e.g. `/suno/submit/music`, `/v1/videos/text2video`. */
  path: string;
}

/** Reads an upstream stream's bytes into events (server-sent events unless a translator brings its own). */
export interface UpstreamEventDecoder {
  /** Feeds bytes; returns the events they completed. Throws on a corrupt stream (it then counts as broken). */
  feed(chunk: Buffer): SseEvent[];
  /** The upstream ended: any event still pending. */
  end(): SseEvent[];
}

export interface StreamTranslator {
  /** The reply's content type when it is not server-sent events (Gemini's JSON array stream). */
  contentType?: string;
  /** How the upstream's bytes are read when they are not server-sent events (Bedrock's event stream). */
  decoder?: UpstreamEventDecoder;
  /** One upstream event → the frames to write now (possibly none). */
  push(event: SseEvent): string[];
  /**
   * The upstream ended (or broke: `complete` false). Returns the closing frames: for OpenAI-dialect
   * operations the gateway's own usage chunk when `includeUsage`, then `data: [DONE]` — but only when
   * the stream completed without an error (spec §11.2–11.3).
   */
  end(complete: boolean): string[];
  /** The usage reported so far; undefined when none yet. */
  usage(): BillingUsage | undefined;
  /** The text generated so far, for local counting when usage is missing. */
  text(): string;
  /** True once an upstream error arrived mid-stream (it was translated into a frame by push). */
  failed(): boolean;
}

/** Audio a vendor returned inside a JSON reply (MiniMax's hex audio), ready to send to the client. */
export interface TranslatedAudio {
  bytes: Buffer;
  contentType: string;
  /** The usage the vendor reported; undefined = billed on the local estimate. */
  usage?: BillingUsage;
}

/** How one provider serves one operation. */
export interface OperationAdapter {
  request(call: ProviderCall): UpstreamRequest;
  /** Parses a successful (2xx) upstream reply; throws UpstreamFailure for an error inside a 200. */
  reply(body: unknown, call: ProviderCall): TranslatedReply;
  /** Present when the operation can stream. */
  stream?(call: ProviderCall): StreamTranslator;
  /**
   * Speech only, for vendors that answer JSON instead of audio bytes: reads the parsed reply into the
   * audio to send. Throws UpstreamFailure for an error inside a 200. Without it speech replies are piped.
   */
  audio?(body: unknown, call: ProviderCall): TranslatedAudio;
}

/**
 * A small upstream call a provider may make while authorising (an OAuth token exchange), sent through the
 * relay's HTTP client with the channel's proxy and a whole-call time limit.
 */
export type CredentialFetch = (request: UpstreamRequest) => Promise<{ status: number; text: string }>;

/** A vendor. */
export interface RelayProvider {
  /** Short name for logs and docs ("openai", "claude", …). */
  readonly name: string;
  /** Channel type ids it serves (spec §19). */
  readonly types: readonly number[];
  readonly operations: Readonly<Partial<Record<RelayOperation, OperationAdapter>>>;
  /** Reads an upstream error reply (status ≥ 400) into OpenAI error fields. */
  parseError(status: number, bodyText: string, channel: UpstreamChannel): UpstreamError;
  /** The request listing the upstream's models, if the vendor has one. */
  modelsRequest?(channel: UpstreamChannel): UpstreamRequest;
  /**
   * Finishes a built request with credentials that need I/O or the final bytes (Vertex AI's OAuth
   * token, AWS SigV4); called by the pipeline after `request` and before the send. Throws
   * UpstreamFailure when the channel's credentials are refused (a channel failure, not the caller's).
   */
  authorize?(
    request: UpstreamRequest,
    channel: UpstreamChannel,
    fetch: CredentialFetch,
  ): Promise<UpstreamRequest>;
  /** Parses the reply of `modelsRequest` into model ids. */
  parseModels?(body: unknown): string[];
  /** The request reading the upstream account's balance, for vendors with one call for it (spec §8.3). */
  balanceRequest?(channel: UpstreamChannel): UpstreamRequest;
  /**
   * Parses the reply of `balanceRequest` into the balance in the vendor's unit as one-hub stores it
   * (DeepSeek's yuan, Moonshot's yuan ÷ 7, dollars elsewhere); undefined when the reply has none.
   */
  parseBalance?(body: unknown): number | undefined;
}
