// Anthropic model names → Bedrock model ids, as one-hub maps them (providers/bedrock/category); any other
// name (a Bedrock id already, an inference profile, a newer model) goes upstream as written.
const BEDROCK_MODEL_IDS: Readonly<Record<string, string>> = {
  // cross-region inference profiles
  'us.anthropic.claude-3-sonnet-20240229': 'us.anthropic.claude-3-sonnet-20240229-v1:0',
  'us.anthropic.claude-3-opus-20240229': 'us.anthropic.claude-3-opus-20240229-v1:0',
  'us.anthropic.claude-3-haiku-20240307': 'us.anthropic.claude-3-haiku-20240307-v1:0',
  'us.anthropic.claude-3-5-sonnet-20240620': 'us.anthropic.claude-3-5-sonnet-20240620-v1:0',
  'us.anthropic.claude-3-5-sonnet-20241022': 'us.anthropic.claude-3-5-sonnet-20241022-v2:0',
  'us.anthropic.claude-3-5-haiku-20241022': 'us.anthropic.claude-3-5-haiku-20241022-v1:0',
  'eu.anthropic.claude-3-sonnet-20240229': 'eu.anthropic.claude-3-sonnet-20240229-v1:0',
  'eu.anthropic.claude-3-5-sonnet-20240620': 'eu.anthropic.claude-3-5-sonnet-20240620-v1:0',
  'eu.anthropic.claude-3-haiku-20240307': 'eu.anthropic.claude-3-haiku-20240307-v1:0',
  'apac.anthropic.claude-3-sonnet-20240229': 'apac.anthropic.claude-3-sonnet-20240229-v1:0',
  'apac.anthropic.claude-3-5-sonnet-20240620': 'apac.anthropic.claude-3-5-sonnet-20240620-v1:0',
  'apac.anthropic.claude-3-haiku-20240307': 'apac.anthropic.claude-3-haiku-20240307-v1:0',
  // base model ids
  'claude-3-5-sonnet-20240620': 'anthropic.claude-3-5-sonnet-20240620-v1:0',
  'claude-3-5-sonnet-20241022': 'anthropic.claude-3-5-sonnet-20241022-v2:0',
  'claude-3-opus-20240229': 'anthropic.claude-3-opus-20240229-v1:0',
  'claude-3-sonnet-20240229': 'anthropic.claude-3-sonnet-20240229-v1:0',
  'claude-3-haiku-20240307': 'anthropic.claude-3-haiku-20240307-v1:0',
  'claude-3-5-haiku-20241022': 'anthropic.claude-3-5-haiku-20241022-v1:0',
  'claude-2.1': 'anthropic.claude-v2:1',
  'claude-2.0': 'anthropic.claude-v2',
  'claude-instant-1.2': 'anthropic.claude-instant-v1',
};

/** The Bedrock model id of a model name. */
export function bedrockModelId(model: string): string {
  return BEDROCK_MODEL_IDS[model] ?? model;
}

/**
 * The model family a Bedrock id belongs to: the provider part of `anthropic.claude-…`, or of a
 * cross-region `us.anthropic.claude-…` (one-hub's rule: with more than two dot-separated parts, the second).
 */
export function bedrockFamily(modelId: string): string {
  const parts = modelId.split('.');
  return (parts.length > 2 ? parts[1] : parts[0]) ?? '';
}
