// The settings screen's "Check update" (console-screens §24.3): read from the browser straight from
// GitHub's public API. gw's version labels follow one-hub's releases (console-spec §1: v0.14.7), so a
// tagged version is compared with one-hub's latest release and an untagged build with its main branch.
import { z } from 'zod';

/** The repository whose releases gw's version labels follow. */
export const RELEASE_REPOSITORY = 'MartialBE/one-hub';
const API = `https://api.github.com/repos/${RELEASE_REPOSITORY}`;

const releaseSchema = z.object({ tag_name: z.string(), body: z.string().nullish(), html_url: z.string() });
const commitSchema = z.object({
  sha: z.string(),
  html_url: z.string(),
  commit: z.object({ message: z.string() }),
});

/** What a check found: whether the running version is the latest, and the latest's name and notes. */
export interface UpdateCheck {
  latest: boolean;
  /** The newest release tag, or the newest main-branch commit (its first 7 characters). */
  tag: string;
  /** Release notes (Markdown), or the commit's message. */
  notes: string;
  url: string;
}

/** The fetch the check uses (the browser's own; tests give another). */
type Fetcher = (url: string, init?: { headers?: Record<string, string> }) => Promise<Response>;

async function readJson(fetcher: Fetcher, url: string): Promise<unknown> {
  const response = await fetcher(url, { headers: { accept: 'application/vnd.github+json' } });
  if (!response.ok) throw new Error(`GitHub answered ${response.status}`);
  return response.json();
}

/**
 * Checks `version` against the newest release (a version starting with `v`) or the newest commit
 * of the main branch (a build named by its commit).
 */
export async function checkForUpdate(fetcher: Fetcher, version: string): Promise<UpdateCheck> {
  if (version.startsWith('v')) {
    const release = releaseSchema.parse(await readJson(fetcher, `${API}/releases/latest`));
    return {
      latest: release.tag_name === version,
      tag: release.tag_name,
      notes: release.body ?? '',
      url: release.html_url,
    };
  }
  const commit = commitSchema.parse(await readJson(fetcher, `${API}/commits/main`));
  const short = commit.sha.slice(0, 7);
  return {
    latest: version !== '' && commit.sha.startsWith(version),
    tag: short,
    notes: commit.commit.message,
    url: commit.html_url,
  };
}
