// End-to-end: `gw models available` (the model catalogue with prices) from the built `gw` on a real server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type SignedInGw, startSignedInGw } from '../../test-support/signed-in.js';

let gw: SignedInGw;
/** The catalogue rows as `--json` prints them (core's CatalogueModel, without the catalogue's groups). */
const availablePage = z.object({
  data: z.array(
    z
      .object({ model: z.string(), groups: z.array(z.string()), price: z.object({ type: z.string() }) })
      .loose(),
  ),
  total_count: z.number(),
});

beforeAll(async () => {
  gw = await startSignedInGw();
  const created = await gw.gw([
    'channels',
    'create',
    '--type',
    'OpenAI',
    '--name',
    'catalogue',
    '--key',
    'sk-catalogue-secret',
    '--models',
    'gpt-4o-mini,gpt-4o',
    '--base-url',
    'http://127.0.0.1:9',
  ]);
  expect(created.code, created.stderr).toBe(0);
});

afterAll(async () => {
  await gw?.stop();
});

describe('gw models available', () => {
  it('Given a channel serving two models, Then both list with their prices; the keyword narrows them', async () => {
    const page = availablePage.parse(await gw.json(['models', 'available', 'list', '--json']));
    expect(page.data.map((row) => row.model).sort()).toEqual(['gpt-4o', 'gpt-4o-mini']);
    expect(page.data[0]).not.toHaveProperty('allGroups');
    const one = availablePage.parse(
      await gw.json(['models', 'available', 'list', '--json', '--keyword', 'mini']),
    );
    expect(one.data.map((row) => row.model)).toEqual(['gpt-4o-mini']);
    const picked = await gw.json<{ data: unknown[] }>([
      'model',
      'available',
      'ls',
      '--json',
      'model',
      '--keyword',
      'mini',
    ]);
    expect(picked.data).toEqual([{ model: 'gpt-4o-mini' }]);
  });

  it('Given a pipe, Then one TSV line per model with its prices; a terminal gets a table', async () => {
    const piped = await gw.gw(['models', 'available', 'list', '--unit', 'M']);
    expect(piped.code, piped.stderr).toBe(0);
    const lines = piped.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines.every((line) => line.split('\t').length >= 4)).toBe(true);
    expect(piped.stdout).toContain('/ 1M');
    const tty = await gw.tty(['models', 'available', 'list'], [], { NO_COLOR: '1' });
    expect(tty.code).toBe(0);
    expect(tty.stdout).toMatch(/MODEL\s+/);
    const bad = await gw.gw(['models', 'available', 'list', '--unit', 'G']);
    expect(bad.code).toBe(2);
  });
});
