// End-to-end: prices, models, options, payments, telegram and `gw api` from the built `gw` on one server.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  modelInfoSchema,
  modelOwnedBySchema,
  orderSchema,
  pagedSchema,
  paymentSchema,
  priceSchema,
  telegramMenuSchema,
} from '@gw/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type SignedInGw, startSignedInGw } from '../../test-support/signed-in.js';

let gw: SignedInGw;

beforeAll(async () => {
  gw = await startSignedInGw();
});

afterAll(async () => {
  await gw?.stop();
});

describe('gw prices', () => {
  it('Given set, Then a price is added, then replaced field by field; an unknown model is not found', async () => {
    const added = await gw.gw(['prices', 'set', 'my-model', '--input', '2', '--output', '4', '--owner', '1']);
    expect(added.code, added.stderr).toBe(0);
    expect(priceSchema.parse(await gw.json(['prices', 'view', 'my-model', '--json']))).toMatchObject({
      model: 'my-model',
      input: 2,
      output: 4,
    });
    expect((await gw.gw(['prices', 'set', 'my-model', '--input', '3'])).code).toBe(0);
    expect(priceSchema.parse(await gw.json(['prices', 'view', 'my-model', '--json'])).input).toBe(3);
    const listed = await gw.gw(['prices', 'list', '--keyword', 'my-']);
    expect(listed.stdout).toMatch(/^my-model\tPer token\tOpenAI\t/);
    expect((await gw.gw(['prices', 'view', 'nope'])).code).toBe(5);
    const negative = await gw.gw(['prices', 'set', 'my-model', '--input', '-1']);
    expect(negative.code).toBe(2);
    expect(negative.stderr).toContain('--input cannot be below 0');
  });

  it('Given sync --file --mode add, Then new models are added and the count is said', async () => {
    const file = join(gw.configDir, 'prices.json');
    writeFileSync(
      file,
      JSON.stringify([
        { model: 'my-model', type: 'tokens', channel_type: 1, input: 9, output: 9 },
        { model: 'synced', type: 'times', channel_type: 1, input: 1, output: 0 },
      ]),
    );
    const run = await gw.gw(['prices', 'sync', '--file', file, '--mode', 'add']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('Synced: 1 added, 0 updated, 0 removed');
    const page = pagedSchema(priceSchema).parse(await gw.json(['prices', 'list', '--json', '--all']));
    expect(page.data.map((price) => [price.model, price.input]).sort()).toEqual([
      ['my-model', 3],
      ['synced', 1],
    ]);
    writeFileSync(file, '{"not": "prices"}');
    expect((await gw.gw(['prices', 'sync', '--file', file, '--mode', 'add'])).code).toBe(2);
    expect((await gw.gw(['prices', 'sync', '--file', file, '--mode', 'sideways'])).code).toBe(2);
    expect((await gw.gw(['prices', 'delete', 'synced', '--yes'])).code).toBe(0);
    expect((await gw.gw(['prices', 'view', 'synced'])).code).toBe(5);
  });
});

describe('gw models', () => {
  it('Given owners and model info, Then each is created, listed and deleted through its screen', async () => {
    const owner = await gw.gw(['models', 'owners', 'create', '--id', '2001', '--name', 'Acme']);
    expect(owner.code, owner.stderr).toBe(0);
    const owners = pagedSchema(modelOwnedBySchema).parse(
      await gw.json(['models', 'owners', 'list', '--all', '--json']),
    );
    expect(owners.data.some((row) => row.id === 2001 && row.name === 'Acme')).toBe(true);
    expect((await gw.gw(['models', 'owners', 'delete', '1', '--yes'])).code).toBe(1);
    expect((await gw.gw(['models', 'owners', 'delete', '2001', '--yes'])).code).toBe(0);
    const info = await gw.gw([
      'models',
      'info',
      'create',
      '--model',
      'gpt-x',
      '--name',
      'GPT X',
      '--context-length',
      '128000',
      '--max-tokens',
      '4096',
    ]);
    expect(info.code, info.stderr).toBe(0);
    const infos = pagedSchema(modelInfoSchema).parse(await gw.json(['models', 'info', 'list', '--json']));
    expect(infos.data.map((row) => row.model)).toEqual(['gpt-x']);
  });
});

describe('gw options', () => {
  it('Given get and set, Then values are read and written; a bad value names the option and changes nothing', async () => {
    expect((await gw.gw(['options', 'get', 'RetryTimes'])).stdout).toBe('0\n');
    expect((await gw.gw(['options', 'set', 'RetryTimes', '2'])).code).toBe(0);
    expect((await gw.gw(['options', 'get', 'RetryTimes'])).stdout).toBe('2\n');
    const bad = await gw.gw(['options', 'set', 'RetryTimes', 'many']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('RetryTimes');
    expect((await gw.gw(['options', 'get', 'RetryTimes'])).stdout).toBe('2\n');
    expect((await gw.gw(['options', 'get', 'NoSuchOption'])).code).toBe(5);
    const tab = z
      .array(z.object({ key: z.string(), tab: z.string() }))
      .parse(await gw.json(['options', 'list', '--tab', 'operation', '--json']));
    expect(tab.length).toBeGreaterThan(0);
    expect(tab.every((row) => row.tab === 'operation')).toBe(true);
  });
});

describe('gw payments and telegram', () => {
  it('Given a gateway and orders, Then create and list work with the screen filters', async () => {
    const created = await gw.gw([
      'payments',
      'gateways',
      'create',
      '--type',
      'epay',
      '--name',
      'Pay',
      '--icon',
      'https://example.com/pay.png',
      '--pay-domain',
      'https://pay.example.com',
      '--partner-id',
      '1000',
      '--key',
      'epay-secret',
    ]);
    expect(created.code, created.stderr).toBe(0);
    const gateways = pagedSchema(paymentSchema).parse(
      await gw.json(['payments', 'gateways', 'list', '--json']),
    );
    expect(gateways.data.map((gateway) => gateway.name)).toEqual(['Pay']);
    const orders = pagedSchema(orderSchema).parse(
      await gw.json(['payments', 'orders', 'list', '--since', '7d', '--user-id', '1', '--json']),
    );
    expect(orders.total_count).toBe(0);
    expect((await gw.gw(['payments', 'orders', 'list', '--since', '2027-02-30'])).code).toBe(2);
  });

  it('Given telegram menus, Then create, edit and delete work; status shows the bot', async () => {
    const created = await gw.gw([
      'telegram',
      'create',
      '--command',
      'help',
      '--description',
      'Help',
      '--parse-mode',
      'MarkdownV2',
      '--reply-message',
      'Hello',
    ]);
    expect(created.code, created.stderr).toBe(0);
    const menus = pagedSchema(telegramMenuSchema).parse(await gw.json(['telegram', 'list', '--json']));
    const id = menus.data[0]!.id;
    expect((await gw.gw(['tg', 'edit', String(id), '--description', 'Help me'])).code).toBe(0);
    expect(telegramMenuSchema.parse(await gw.json(['tg', 'view', String(id), '--json'])).description).toBe(
      'Help me',
    );
    expect((await gw.gw(['tg', 'delete', String(id), '--yes'])).code).toBe(0);
    const status = await gw.gw(['telegram', 'status']);
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toMatch(/^bot\t/);
  });
});

describe('gw api', () => {
  it('Given any path, Then the reply prints as it came and the exit code follows it', async () => {
    const status = await gw.gw(['api', 'GET', '/api/status']);
    expect(status.code).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({ success: true });
    const created = await gw.gw([
      'api',
      'post',
      'api/token/',
      '-f',
      'name=via-api',
      '-f',
      'unlimited_quota=true',
    ]);
    expect(created.code, created.stderr).toBe(0);
    expect(JSON.parse(created.stdout).data).toMatchObject({ name: 'via-api', unlimited_quota: true });
    const body = await gw.gw(['api', 'PUT', '/api/user/self', '--data', '-'], '{"display_name":"Api"}');
    expect(body.code, body.stdout).toBe(0);
    const missing = await gw.gw(['api', 'GET', '/api/nope']);
    expect(missing.code).toBe(5);
    expect(missing.stdout).toContain('Invalid URL');
    const dry = await gw.gw(['api', 'DELETE', '/api/token/1', '--dry-run']);
    expect(dry.stdout).toBe(`DELETE ${gw.server.url}/api/token/1\n`);
    expect((await gw.gw(['api', 'FETCH', '/api/status'])).code).toBe(2);
  });
});
