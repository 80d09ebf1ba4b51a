// A real app listening on a free loopback port with core's ApiClient signed in as root, as the client tests need.
import { ApiClient, login } from '@gw/core';
import { createNodeFetch } from '@gw/core/node';
import type { BuildAppOptions } from '../app.js';
import type { DatabaseKind } from '../config.js';
import { ROOT_PASSWORD, startTestApp, type TestApp } from './test-app.js';

export interface ClientApp {
  t: TestApp;
  /** Core's client, signed in as root. */
  client: ApiClient;
  /** The listening address, e.g. http://127.0.0.1:PORT. */
  url: string;
  /** A further client with its own cookies, signed in as `username`. */
  signInClient: (username: string, password: string) => Promise<ApiClient>;
}

/** Starts the app of startTestApp on a free port and signs a fresh ApiClient in as root. */
export async function startClientApp(
  kind: DatabaseKind = 'sqlite',
  env: Record<string, string> = {},
  options: BuildAppOptions = {},
): Promise<ClientApp> {
  const t = await startTestApp(kind, env, options);
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const signInClient = async (username: string, password: string) => {
    const client = new ApiClient({ baseUrl: url, fetch: createNodeFetch() });
    await login(client, { username, password });
    return client;
  };
  return { t, url, signInClient, client: await signInClient('root', ROOT_PASSWORD) };
}
