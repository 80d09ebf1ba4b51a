// GET /api/notice, /api/about, /api/home_page_content (contract §1.1) on every configured dialect.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../test-support/databases.js';
import { call, ROOT_PASSWORD, signIn, startTestApp, type TestApp } from '../../test-support/test-app.js';

describe.each(TEST_DIALECTS)('site texts on %s', (kind) => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    root = await signIn(t.app, 'root', ROOT_PASSWORD);
  });
  afterAll(() => t.close());

  const TEXTS = [
    ['/api/notice', 'Notice'],
    ['/api/about', 'About'],
    ['/api/home_page_content', 'HomePageContent'],
  ] as const;

  it.each(TEXTS)('%s answers "" to anyone until %s is set', async (url) => {
    expect((await call(t.app, 'GET', url)).body).toEqual({ success: true, message: '', data: '' });
  });

  it.each(TEXTS)('%s answers the %s option root wrote, with or without the slash', async (url, option) => {
    const text = `# ${option}\n\n<b>markdown & HTML</b> 中文`;
    const written = await call(t.app, 'PUT', '/api/option/', {
      cookie: root,
      body: { key: option, value: text },
    });
    expect(written.body.success).toBe(true);
    expect((await call(t.app, 'GET', url)).body.data).toBe(text);
    expect((await call(t.app, 'GET', `${url}/`)).body.data).toBe(text);
  });
});
