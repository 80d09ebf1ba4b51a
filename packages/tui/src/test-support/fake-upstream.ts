// The relay's fake upstream (OpenAI wire on loopback) for the journeys that test channels from the terminal.
export {
  FAKE_REPLY_TEXT,
  type FakeUpstream,
  startFakeUpstream,
} from '../../../server/src/relay/test-support/fake-upstream/index.js';
