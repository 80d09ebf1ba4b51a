// "Test all channels" with each result as it arrives (issue 11): the channels the server's own run
// would test (enabled or auto-disabled, with a test model), tested one at a time through the single
// test route, so a terminal or a script shows every outcome the moment it is known.
import type { ApiClient } from '../../http/client.js';
import { listTagChannels, listChannelTags } from './channel-tags.api.js';
import { listChannels, testChannel } from './channels.api.js';
import { CHANNEL_STATUS, type Channel } from './channels.schema.js';

/** One channel's test as it finished: the time the server measured, or why it failed. */
export type ChannelTestRunOutcome =
  | { channel: Channel; ok: true; seconds: number }
  | { channel: Channel; ok: false; error: unknown };

const PAGE = 100;

/** Every channel, tagged ones included (the list shows one row per tag; each tag is read whole). */
export async function listEveryChannel(client: ApiClient): Promise<Channel[]> {
  const channels: Channel[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await listChannels(client, { page, size: PAGE, order: 'id', filter_tag: 1 });
    channels.push(...answer.data);
    if (answer.data.length < PAGE || channels.length >= answer.total_count) break;
  }
  for (const tag of await listChannelTags(client)) channels.push(...(await listTagChannels(client, tag.tag)));
  return channels;
}

/** The channels a full test run tests, as the server picks them: enabled or auto-disabled, with a test model. */
export function channelsToTest(channels: readonly Channel[]): Channel[] {
  return channels.filter(
    (channel) =>
      (channel.status === CHANNEL_STATUS.enabled || channel.status === CHANNEL_STATUS.autoDisabled) &&
      channel.test_model.trim() !== '',
  );
}

/**
 * Tests the channels one after another, handing each outcome over as it arrives; stops before the next
 * channel once `control.stopped` is set. A failed test is an outcome, not an exception.
 */
export async function testChannelsOneByOne(
  client: ApiClient,
  channels: readonly Channel[],
  onOutcome: (outcome: ChannelTestRunOutcome) => void,
  control: { stopped?: boolean } = {},
): Promise<ChannelTestRunOutcome[]> {
  const outcomes: ChannelTestRunOutcome[] = [];
  for (const channel of channels) {
    if (control.stopped) break;
    let outcome: ChannelTestRunOutcome;
    try {
      const reply = await testChannel(client, channel.id);
      outcome = { channel, ok: true, seconds: reply.time };
    } catch (error) {
      outcome = { channel, ok: false, error };
    }
    outcomes.push(outcome);
    onOutcome(outcome);
  }
  return outcomes;
}
