// Gemini generateContent reply → OpenAI chat.completion (spec §19 row "gemini"). The candidate parts
// reading is shared with the stream translator.
import { randomUUID } from 'node:crypto';
import type { ProviderCall, TranslatedReply } from '../provider.js';
import { UpstreamFailure } from '../provider.js';
import { chatCompletionId, openAiUsageObject } from '../shared/openai-format.js';
import { geminiErrorObject, geminiUpstreamError } from './gemini-error.js';
import { billingUsageFromGemini } from './gemini-usage.js';
import type { GeminiCandidate, GeminiGenerateReply, GeminiPart } from './gemini-wire.js';

/** An OpenAI tool call as a reply or stream delta carries it. */
export interface OpenAiToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** What one candidate's parts say, in OpenAI terms. */
export interface CandidateOutput {
  content: string;
  reasoning: string;
  toolCalls: OpenAiToolCall[];
}

/** Code execution parts rendered as Markdown, as chat clients show them. */
function codePartText(part: GeminiPart): string {
  if (part.executableCode) {
    const language = (part.executableCode.language ?? '').toLowerCase().replace('language_unspecified', '');
    return `\n\`\`\`${language}\n${part.executableCode.code ?? ''}\n\`\`\`\n`;
  }
  if (part.codeExecutionResult) return `\n\`\`\`output\n${part.codeExecutionResult.output ?? ''}\n\`\`\`\n`;
  return '';
}

/** Reads a candidate's parts: answer text, thought text and function calls. */
export function candidateOutput(candidate: GeminiCandidate): CandidateOutput {
  const out: CandidateOutput = { content: '', reasoning: '', toolCalls: [] };
  for (const part of candidate.content?.parts ?? []) {
    if (part.functionCall) {
      out.toolCalls.push({
        id: `call_${randomUUID().replaceAll('-', '')}`,
        type: 'function',
        function: { name: part.functionCall.name, arguments: JSON.stringify(part.functionCall.args ?? {}) },
      });
    } else if (typeof part.text === 'string') {
      if (part.thought === true) out.reasoning += part.text;
      else out.content += part.text;
    } else {
      out.content += codePartText(part);
    }
  }
  return out;
}

const FINISH_REASONS: Readonly<Record<string, string>> = {
  STOP: 'stop',
  MAX_TOKENS: 'length',
  SAFETY: 'content_filter',
  RECITATION: 'content_filter',
  BLOCKLIST: 'content_filter',
  PROHIBITED_CONTENT: 'content_filter',
  SPII: 'content_filter',
  IMAGE_SAFETY: 'content_filter',
};

/** Gemini finishReason → OpenAI finish_reason; function calls win; null while unfinished. */
export function openAiFinishReason(reason: string | undefined, calledTools: boolean): string | null {
  if (calledTools) return 'tool_calls';
  if (!reason || reason === 'FINISH_REASON_UNSPECIFIED') return null;
  return FINISH_REASONS[reason] ?? 'stop';
}

/** The reply's choices; a prompt blocked before any candidate becomes one content_filter choice. */
function replyChoices(reply: GeminiGenerateReply): { choices: unknown[]; text: string } {
  const candidates = reply.candidates ?? [];
  if (candidates.length === 0 && reply.promptFeedback?.blockReason) {
    const message = { role: 'assistant', content: '' };
    return { choices: [{ index: 0, message, finish_reason: 'content_filter' }], text: '' };
  }
  let text = '';
  const choices = candidates.map((candidate, position) => {
    const output = candidateOutput(candidate);
    text += output.reasoning + output.content;
    const message: Record<string, unknown> = { role: 'assistant', content: output.content };
    if (output.reasoning !== '') message.reasoning_content = output.reasoning;
    if (output.toolCalls.length > 0) message.tool_calls = output.toolCalls;
    return {
      index: candidate.index ?? position,
      message,
      finish_reason: openAiFinishReason(candidate.finishReason, output.toolCalls.length > 0) ?? 'stop',
    };
  });
  return { choices, text };
}

/** The generateContent reply → chat.completion, with the usage to bill. */
export function geminiChatReply(body: unknown, call: ProviderCall): TranslatedReply {
  const error = geminiErrorObject(body);
  if (error) throw new UpstreamFailure(geminiUpstreamError(400, error, call.channel.key));
  const reply = (body ?? {}) as GeminiGenerateReply;
  const usage = billingUsageFromGemini(reply.usageMetadata);
  const { choices, text } = replyChoices(reply);
  return {
    body: {
      id: chatCompletionId(),
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: call.model,
      choices,
      ...(usage ? { usage: openAiUsageObject(usage) } : {}),
    },
    ...(usage ? { usage } : {}),
    text,
  };
}
