import { describe, expect, it } from 'vitest';
import { useWireRecorder } from '../../node/test-support/wire-recorder.js';
import { channelsToTest, testChannelsOneByOne } from './channel-test-run.js';
import { type Channel, channelSchema } from './channels.schema.js';

const channel = (id: number, status: number, test_model: string): Channel =>
  channelSchema.parse({ id, name: `c${id}`, type: 1, status, test_model });

const wire = useWireRecorder();

describe('testing every channel with each result as it arrives', () => {
  it('Given channels of every status, then only enabled and auto-disabled ones with a test model are tested', () => {
    const picked = channelsToTest([
      channel(1, 1, 'gpt-4o'),
      channel(2, 2, 'gpt-4o'),
      channel(3, 3, 'x'),
      channel(4, 1, ''),
    ]);
    expect(picked.map((one) => one.id)).toEqual([1, 3]);
  });

  it('Given three channels and one refusal, then each is tested in turn and the refusal is an outcome', async () => {
    wire.refuse('GET /api/channel/test/2', 'upstream said no');
    const seen: string[] = [];
    const outcomes = await testChannelsOneByOne(
      wire.client,
      [channel(1, 1, 'a'), channel(2, 1, 'a'), channel(3, 1, 'a')],
      (outcome) => seen.push(`${outcome.channel.id}:${outcome.ok}`),
    );
    expect(seen).toEqual(['1:true', '2:false', '3:true']);
    expect(wire.requests.map((request) => request.url)).toEqual([
      '/api/channel/test/1',
      '/api/channel/test/2',
      '/api/channel/test/3',
    ]);
    const failed = outcomes[1];
    expect(failed && !failed.ok && String(failed.error)).toContain('upstream said no');
  });

  it('Given a stop after the first result, then no further channel is tested', async () => {
    const control = { stopped: false };
    await testChannelsOneByOne(
      wire.client,
      [channel(1, 1, 'a'), channel(2, 1, 'a')],
      () => {
        control.stopped = true;
      },
      control,
    );
    expect(wire.requests).toHaveLength(1);
  });
});
