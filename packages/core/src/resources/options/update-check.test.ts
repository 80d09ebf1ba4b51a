import { describe, expect, it } from 'vitest';
import { checkForUpdate, RELEASE_REPOSITORY } from './update-check.js';

/** A fetch that answers one URL with a JSON body and records what was asked. */
function fakeGitHub(routes: Record<string, unknown>) {
  const asked: string[] = [];
  const fetcher = async (url: string) => {
    asked.push(url);
    const body = routes[url];
    return new Response(JSON.stringify(body ?? { message: 'Not Found' }), { status: body ? 200 : 404 });
  };
  return { fetcher, asked };
}

const api = `https://api.github.com/repos/${RELEASE_REPOSITORY}`;

describe('check for update (§24.3)', () => {
  it('compares a tagged version with the latest release and brings its notes', async () => {
    const release = { tag_name: 'v0.15.0', body: '## New\n- more', html_url: 'https://github.com/r/v0.15.0' };
    const { fetcher, asked } = fakeGitHub({ [`${api}/releases/latest`]: release });
    await expect(checkForUpdate(fetcher, 'v0.14.7')).resolves.toEqual({
      latest: false,
      tag: 'v0.15.0',
      notes: '## New\n- more',
      url: 'https://github.com/r/v0.15.0',
    });
    await expect(checkForUpdate(fetcher, 'v0.15.0')).resolves.toMatchObject({ latest: true });
    expect(asked).toEqual([`${api}/releases/latest`, `${api}/releases/latest`]);
  });

  it('compares a commit build with the main branch; a failed answer is an error', async () => {
    const commit = { sha: 'abcdef1234', html_url: 'https://github.com/c', commit: { message: 'fix' } };
    const { fetcher } = fakeGitHub({ [`${api}/commits/main`]: commit });
    await expect(checkForUpdate(fetcher, 'abcdef1')).resolves.toMatchObject({ latest: true, tag: 'abcdef1' });
    await expect(checkForUpdate(fetcher, '1234567')).resolves.toMatchObject({ latest: false, notes: 'fix' });
    await expect(checkForUpdate(fakeGitHub({}).fetcher, 'v1')).rejects.toThrow('GitHub answered 404');
  });
});
