// The model check stream (`POST /api/sse/channel/check`, console-screens §1.6): server-sent events
// whose `data:` lines hold `{type: 'result' | 'heartbeat' | 'done', data}`; a result's data is one
// model's ModelCheckResult. The parser takes the body in arbitrary chunks (a line may be split).
import type { ApiClient } from '../../http/client.js';
import { channelCheckSchema } from './channels-requests.schema.js';
import { type ModelCheckResult, modelCheckResultSchema } from './channels.schema.js';

export type CheckStreamEvent = { type: 'result'; result: ModelCheckResult } | { type: 'done' };

/** A parser fed the stream's text as it arrives; each call answers the events completed by it. */
export function createCheckStreamParser(): {
  push(chunk: string): CheckStreamEvent[];
  end(): CheckStreamEvent[];
} {
  let buffer = '';
  const parseLine = (line: string): CheckStreamEvent | undefined => {
    if (!line.startsWith('data:')) return undefined;
    let payload: unknown;
    try {
      payload = JSON.parse(line.slice('data:'.length).trim());
    } catch {
      return undefined;
    }
    const { type, data } = (payload ?? {}) as { type?: unknown; data?: unknown };
    if (type === 'done') return { type: 'done' };
    if (type !== 'result') return undefined; // heartbeats and anything unknown
    const result = modelCheckResultSchema.safeParse(data);
    return result.success ? { type: 'result', result: result.data } : undefined;
  };
  const drain = (lines: string[]) =>
    lines.map((line) => parseLine(line.replace(/\r$/, ''))).filter((event) => event !== undefined);
  return {
    push(chunk) {
      buffer += chunk;
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      return drain(lines);
    },
    end() {
      const rest = buffer;
      buffer = '';
      return drain([rest]);
    },
  };
}

/** Whether every check step of a model passed (status 1); a result with no step did not. */
export function modelCheckPassed(result: ModelCheckResult): boolean {
  const steps = result.process.flatMap((process) => process.results);
  return steps.length > 0 && steps.every((step) => step.status === 1);
}

/**
 * The upstream models worth checking ("get available models"): chat models of OpenAI (gpt-, chatgpt-,
 * not -all, -realtime or -instruct), Gemini and Claude.
 */
export function checkableProviderModels(models: readonly string[]): string[] {
  return [
    ...new Set(
      models.filter((model) => {
        const id = model.toLowerCase();
        if (id.startsWith('gpt-') || id.startsWith('chatgpt-')) return !/-all|-realtime|-instruct/.test(id);
        return id.startsWith('gemini-') || id.startsWith('claude-');
      }),
    ),
  ];
}

/**
 * Checks models of a stored channel (`POST /api/sse/channel/check`) and answers every model's result
 * once the stream has ended (a face that reads the body as it arrives feeds the parser itself).
 */
export async function checkChannelModels(
  client: ApiClient,
  id: number,
  models: readonly string[],
): Promise<ModelCheckResult[]> {
  const text = await client.requestText('POST', '/api/sse/channel/check', {
    body: channelCheckSchema.parse({ id, models: models.join(',') }),
  });
  const parser = createCheckStreamParser();
  return [...parser.push(text), ...parser.end()].flatMap((event) =>
    event.type === 'result' ? [event.result] : [],
  );
}
