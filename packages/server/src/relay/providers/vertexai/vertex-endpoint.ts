// Where Vertex AI is called (spec §19 row "vertexai"): channel.other = `region|projectId`; the host is
// `<region>-aiplatform.googleapis.com`, or `aiplatform.googleapis.com` for the "global" region; a
// channel base URL replaces the host. Models live under a publisher: google (Gemini, Imagen) or anthropic.
import type { UpstreamChannel } from '../provider.js';
import { UpstreamFailure } from '../provider.js';

export type VertexPublisher = 'google' | 'anthropic';

/** The region and project of a channel; a malformed `other` is the channel's misconfiguration. */
export function vertexLocation(channel: UpstreamChannel): { region: string; projectId: string } {
  const [region = '', projectId = '', ...rest] = channel.other.split('|').map((part) => part.trim());
  if (!region || !projectId || rest.length > 0 || !/^[a-z0-9-]+$/.test(region)) {
    throw new UpstreamFailure(
      {
        status: 500,
        message: 'Vertex AI channel "other" must be region|projectId',
        type: 'vertex_ai_error',
        code: 'invalid_vertex_ai_config',
      },
      true,
    );
  }
  return { region, projectId };
}

/** `https://<region>-aiplatform.googleapis.com` (no region prefix for "global"), or the channel's base URL. */
export function vertexHost(channel: UpstreamChannel, region: string): string {
  if (channel.baseUrl) return channel.baseUrl.replace(/\/+$/, '');
  return region === 'global'
    ? 'https://aiplatform.googleapis.com'
    : `https://${region}-aiplatform.googleapis.com`;
}

/** A model id as a path segment: escaped, but with Vertex's version `@` kept as Google's SDKs send it. */
function modelSegment(model: string): string {
  return encodeURIComponent(model).replace(/%40/g, '@');
}

/** The URL of one model method, e.g. `…/publishers/anthropic/models/claude-sonnet-4@20250514:rawPredict`. */
export function vertexModelUrl(
  channel: UpstreamChannel,
  publisher: VertexPublisher,
  model: string,
  method: string,
): string {
  const { region, projectId } = vertexLocation(channel);
  const project = encodeURIComponent(projectId);
  return `${vertexHost(channel, region)}/v1/projects/${project}/locations/${region}/publishers/${publisher}/models/${modelSegment(model)}:${method}`;
}

/** Which family a model name belongs to on Vertex. */
export function vertexFamily(model: string): 'claude' | 'gemini' | 'imagen' | undefined {
  const name = model.toLowerCase();
  if (name.startsWith('claude')) return 'claude';
  if (name.startsWith('gemini')) return 'gemini';
  if (name.startsWith('imagen')) return 'imagen';
  return undefined;
}

/**
 * Anthropic's model ids as Vertex names them: the date after `@` (`claude-3-5-haiku-20241022` →
 * `claude-3-5-haiku@20241022`); a name already in Vertex form is left alone.
 */
export function vertexClaudeModel(model: string): string {
  if (model.includes('@')) return model;
  return model.replace(/-(\d{8})$/, '@$1');
}

/** Headers every Vertex call carries (the bearer token is added by the authorize step). */
export function vertexHeaders(channel: UpstreamChannel, stream: boolean): Record<string, string> {
  return {
    'content-type': 'application/json',
    ...(stream ? { accept: 'text/event-stream' } : {}),
    ...channel.headers,
  };
}
