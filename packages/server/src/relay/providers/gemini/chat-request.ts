// OpenAI chat request → Gemini generateContent body (spec §19 row "gemini"): system messages become
// systemInstruction, assistant turns the `model` role, tool calls and results functionCall and
// functionResponse parts, tools functionDeclarations, sampling options generationConfig.
import type { ProviderSettings } from '../provider.js';
import { contentParts, contentText } from './chat-media.js';
import { asRecord, type GeminiContent, type GeminiPart } from './gemini-wire.js';

/** The generateContent body the chat operation sends. */
export interface GeminiChatBody {
  contents: GeminiContent[];
  systemInstruction?: { parts: GeminiPart[] };
  tools?: Record<string, unknown>[];
  toolConfig?: { functionCallingConfig: { mode: string; allowedFunctionNames?: string[] } };
  generationConfig?: Record<string, unknown>;
}

/** A function name → built-in Gemini tool it stands for (one-hub's convention). */
const BUILT_IN_TOOLS: Readonly<Record<string, string>> = {
  googleSearch: 'googleSearch',
  google_search: 'googleSearch',
  codeExecution: 'codeExecution',
  code_execution: 'codeExecution',
  urlContext: 'urlContext',
  url_context: 'urlContext',
};

/** JSON Schema keywords Google's schema subset refuses with INVALID_ARGUMENT. */
const UNSUPPORTED_SCHEMA_KEYS = new Set(['$schema', '$id', 'additionalProperties']);

/** A JSON Schema with the keywords Gemini refuses removed, recursively. */
export function cleanSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(cleanSchema);
  const record = asRecord(schema);
  if (!record) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (UNSUPPORTED_SCHEMA_KEYS.has(key)) continue;
    const properties = key === 'properties' ? asRecord(value) : undefined;
    // Property names are the caller's own words, never keywords: only their schemas are cleaned.
    out[key] = properties
      ? Object.fromEntries(Object.entries(properties).map(([name, child]) => [name, cleanSchema(child)]))
      : cleanSchema(value);
  }
  return out;
}

/** Function arguments as sent by OpenAI clients (a JSON string) → the object Gemini wants. */
function parseArguments(args: unknown): Record<string, unknown> {
  if (typeof args !== 'string') return asRecord(args) ?? {};
  try {
    return asRecord(JSON.parse(args)) ?? {};
  } catch {
    return {};
  }
}

/** A tool result's content → functionResponse.response: the JSON object itself, else `{content}`. */
function toolResponse(content: unknown): Record<string, unknown> {
  const text = contentText(content);
  try {
    const parsed = asRecord(JSON.parse(text));
    if (parsed) return parsed;
  } catch {
    // Plain text results are wrapped below.
  }
  return { content: text };
}

/** Appends a turn, merging it into the previous one of the same role (Gemini wants alternation). */
function pushTurn(contents: GeminiContent[], role: 'user' | 'model', parts: GeminiPart[]): void {
  if (parts.length === 0) return;
  const last = contents.at(-1);
  if (last?.role === role) last.parts.push(...parts);
  else contents.push({ role, parts });
}

/** Messages → systemInstruction and alternating user/model contents. */
function translateMessages(messages: unknown): Pick<GeminiChatBody, 'contents' | 'systemInstruction'> {
  const contents: GeminiContent[] = [];
  const systemParts: GeminiPart[] = [];
  /** tool_call_id → function name, so a tool result can name the function it answers. */
  const callNames = new Map<string, string>();
  for (const raw of Array.isArray(messages) ? messages : []) {
    const message = asRecord(raw);
    if (!message) continue;
    switch (message.role) {
      case 'system':
      case 'developer': {
        const text = contentText(message.content);
        if (text !== '') systemParts.push({ text });
        break;
      }
      case 'assistant': {
        const parts = contentParts(message.content);
        for (const call of Array.isArray(message.tool_calls) ? message.tool_calls : []) {
          const fn = asRecord(asRecord(call)?.function);
          const name = typeof fn?.name === 'string' ? fn.name : '';
          const id = asRecord(call)?.id;
          if (typeof id === 'string') callNames.set(id, name);
          parts.push({ functionCall: { name, args: parseArguments(fn?.arguments) } });
        }
        pushTurn(contents, 'model', parts);
        break;
      }
      case 'tool':
      case 'function': {
        const id = typeof message.tool_call_id === 'string' ? message.tool_call_id : '';
        const name = callNames.get(id) ?? (typeof message.name === 'string' ? message.name : '');
        pushTurn(contents, 'user', [{ functionResponse: { name, response: toolResponse(message.content) } }]);
        break;
      }
      default:
        pushTurn(contents, 'user', contentParts(message.content));
    }
  }
  return { contents, ...(systemParts.length > 0 ? { systemInstruction: { parts: systemParts } } : {}) };
}

/** OpenAI `tools` → Gemini tools: one functionDeclarations entry plus any built-in tools. */
function translateTools(tools: unknown): Record<string, unknown>[] | undefined {
  if (!Array.isArray(tools) || tools.length === 0) return undefined;
  const declarations: Record<string, unknown>[] = [];
  const builtIns: Record<string, unknown>[] = [];
  for (const tool of tools) {
    const fn = asRecord(asRecord(tool)?.function);
    if (typeof fn?.name !== 'string') continue;
    const builtIn = BUILT_IN_TOOLS[fn.name];
    if (builtIn) {
      builtIns.push({ [builtIn]: {} });
      continue;
    }
    const parameters = asRecord(fn.parameters);
    // An object schema without properties is refused by Gemini; a function without parameters is not.
    const hasProperties = parameters && Object.keys(asRecord(parameters.properties) ?? {}).length > 0;
    declarations.push({
      name: fn.name,
      ...(typeof fn.description === 'string' ? { description: fn.description } : {}),
      ...(hasProperties ? { parameters: cleanSchema(parameters) } : {}),
    });
  }
  const out = declarations.length > 0 ? [{ functionDeclarations: declarations }, ...builtIns] : builtIns;
  return out.length > 0 ? out : undefined;
}

/** OpenAI `tool_choice` → Gemini toolConfig. */
function translateToolChoice(choice: unknown): GeminiChatBody['toolConfig'] {
  if (choice === 'none') return { functionCallingConfig: { mode: 'NONE' } };
  if (choice === 'auto') return { functionCallingConfig: { mode: 'AUTO' } };
  if (choice === 'required') return { functionCallingConfig: { mode: 'ANY' } };
  const name = asRecord(asRecord(choice)?.function)?.name;
  if (typeof name === 'string')
    return { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: [name] } };
  return undefined;
}

function numberField(body: Record<string, unknown>, key: string): number | undefined {
  const value = body[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** Sampling, length, stop and output-format options → generationConfig; thinking per GeminiOpenThink. */
function translateGenerationConfig(
  body: Record<string, unknown>,
  model: string,
  settings: ProviderSettings,
): Record<string, unknown> | undefined {
  const config: Record<string, unknown> = {};
  const copy = (from: string, to: string) => {
    const value = numberField(body, from);
    if (value !== undefined) config[to] = value;
  };
  copy('temperature', 'temperature');
  copy('top_p', 'topP');
  copy('top_k', 'topK');
  copy('max_tokens', 'maxOutputTokens');
  copy('max_completion_tokens', 'maxOutputTokens');
  copy('n', 'candidateCount');
  copy('presence_penalty', 'presencePenalty');
  copy('frequency_penalty', 'frequencyPenalty');
  copy('seed', 'seed');
  const stop = body.stop;
  if (typeof stop === 'string' && stop !== '') config.stopSequences = [stop];
  else if (Array.isArray(stop) && stop.length > 0)
    config.stopSequences = stop.filter((s) => typeof s === 'string');
  const format = asRecord(body.response_format);
  if (format?.type === 'json_object') config.responseMimeType = 'application/json';
  if (format?.type === 'json_schema') {
    config.responseMimeType = 'application/json';
    const schema = asRecord(format.json_schema)?.schema;
    if (schema !== undefined) config.responseSchema = cleanSchema(schema);
  }
  if (settings.geminiOpenThink[model] === true) config.thinkingConfig = { includeThoughts: true };
  return Object.keys(config).length > 0 ? config : undefined;
}

/** The whole OpenAI chat body → the generateContent body. */
export function geminiChatBody(
  body: Record<string, unknown>,
  model: string,
  settings: ProviderSettings,
): GeminiChatBody {
  const tools = translateTools(body.tools);
  const toolConfig = tools ? translateToolChoice(body.tool_choice) : undefined;
  const generationConfig = translateGenerationConfig(body, model, settings);
  return {
    ...translateMessages(body.messages),
    ...(tools ? { tools } : {}),
    ...(toolConfig ? { toolConfig } : {}),
    ...(generationConfig ? { generationConfig } : {}),
  };
}
