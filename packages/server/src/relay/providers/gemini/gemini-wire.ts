// The parts of Google's generateContent wire format the gemini provider reads and writes
// (https://ai.google.dev/api/generate-content). Only the fields the translation touches are typed.

/** One part of a Gemini content: text, media, a function call or its result. */
export interface GeminiPart {
  text?: string;
  /** True on a thought summary part (thinkingConfig.includeThoughts). */
  thought?: boolean;
  inline_data?: { mime_type: string; data: string };
  /** Google's camelCase spelling, as replies carry it. */
  inlineData?: { mimeType: string; data: string };
  fileData?: { mimeType: string; fileUri: string };
  functionCall?: { name: string; args?: Record<string, unknown> };
  functionResponse?: { name: string; response: Record<string, unknown> };
  executableCode?: { language?: string; code?: string };
  codeExecutionResult?: { outcome?: string; output?: string };
}

export interface GeminiContent {
  role?: 'user' | 'model';
  parts: GeminiPart[];
}

export interface GeminiUsageMetadata {
  promptTokenCount?: number;
  candidatesTokenCount?: number;
  thoughtsTokenCount?: number;
  cachedContentTokenCount?: number;
  totalTokenCount?: number;
}

export interface GeminiCandidate {
  content?: { role?: string; parts?: GeminiPart[] };
  finishReason?: string;
  index?: number;
}

/** A generateContent reply, or one event of a streamGenerateContent reply. */
export interface GeminiGenerateReply {
  candidates?: GeminiCandidate[];
  usageMetadata?: GeminiUsageMetadata;
  promptFeedback?: { blockReason?: string };
  modelVersion?: string;
  /** Present when Google answers an error inside a 200 (mid-stream). */
  error?: GeminiErrorBody;
}

/** Google's error object: `{error:{code,message,status}}`. */
export interface GeminiErrorBody {
  code?: number;
  message?: string;
  status?: string;
}

/** Reads an unknown JSON value as an object, or undefined. */
export function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}
