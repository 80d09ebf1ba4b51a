import { bodyField } from './fake-reply.js';

/** Characters of tool input JSON per `input_json_delta` frame (several frames for any real input). */
export const FAKE_TOOL_JSON_PIECE_LENGTH = 8;

/** The tool call a fake Claude makes: which tool, and a deterministic input built from its schema. */
export interface FakeClaudeToolUse {
  id: string;
  name: string;
  input: Record<string, unknown>;
}

/** A value of the JSON-schema type: strings "fake", numbers 1, booleans true, arrays and objects empty. */
function fakeValue(schema: unknown): unknown {
  const type = bodyField(schema, 'type');
  if (type === 'number' || type === 'integer') return 1;
  if (type === 'boolean') return true;
  if (type === 'array') return [];
  if (type === 'object') return {};
  return 'fake';
}

/**
 * The tool_use block for a request with `tools`: the tool `tool_choice` names, else the first tool;
 * none when there are no tools or tool_choice is `none`. Input = one fake value per schema property.
 */
export function claudeToolUse(body: unknown, sequence: number): FakeClaudeToolUse | undefined {
  const tools = bodyField(body, 'tools');
  if (!Array.isArray(tools) || tools.length === 0) return undefined;
  const choice = bodyField(body, 'tool_choice');
  if (bodyField(choice, 'type') === 'none') return undefined;
  const named = bodyField(choice, 'type') === 'tool' ? bodyField(choice, 'name') : undefined;
  const tool = tools.find((candidate) => bodyField(candidate, 'name') === named) ?? tools[0];
  const properties = bodyField(bodyField(tool, 'input_schema'), 'properties');
  const input: Record<string, unknown> = {};
  if (properties && typeof properties === 'object') {
    for (const [key, schema] of Object.entries(properties)) input[key] = fakeValue(schema);
  }
  return { id: `toolu_fake_${sequence}`, name: String(bodyField(tool, 'name') ?? 'tool'), input };
}
