// Core's option and site-text calls against a real gw server on loopback: every reply parsed by its schema.
import {
  type ApiClient,
  GwApiError,
  getAbout,
  getHomePageContent,
  getNotice,
  getStatus,
  getSystemLog,
  listOptions,
  listSafeTools,
  optionsToMap,
  updateOption,
} from '@gw/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test-support/test-app.js';
import { startClientApp } from '../../test-support/client-app.js';

describe('core option client against gw', () => {
  let t: TestApp;
  let client: ApiClient;
  beforeAll(async () => {
    ({ t, client } = await startClientApp());
  });
  afterAll(() => t.close());

  it('lists options, writes one, and reads it back through status and the site texts', async () => {
    const before = optionsToMap(await listOptions(client));
    expect(before.get('SystemName')).toBe('gw');
    expect(before.has('SMTPToken')).toBe(false);
    await updateOption(client, 'SystemName', 'Client Hub');
    await updateOption(client, 'Notice', 'Maintenance tonight');
    await updateOption(client, 'About', 'About us');
    await updateOption(client, 'HomePageContent', 'https://home.example.com');
    expect(optionsToMap(await listOptions(client)).get('SystemName')).toBe('Client Hub');
    expect((await getStatus(client)).system_name).toBe('Client Hub');
    expect(await getNotice(client)).toBe('Maintenance tonight');
    expect(await getAbout(client)).toBe('About us');
    expect(await getHomePageContent(client)).toBe('https://home.example.com');
  });

  it('surfaces a refused value as a GwApiError naming the field', async () => {
    const error = await updateOption(client, 'RechargeDiscount', 'not json').catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(GwApiError);
    expect((error as GwApiError).code).toBe('VALIDATION_FAILED');
    expect((error as GwApiError).fields[0]?.field).toBe('value');
  });

  it('reads the safety tools and the system log', async () => {
    expect(await listSafeTools(client)).toEqual(['Keyword']);
    // Tests log nothing (LOG_LEVEL silent), so the ring is empty but the reply still parses.
    expect(await getSystemLog(client, 10)).toEqual([]);
  });
});
