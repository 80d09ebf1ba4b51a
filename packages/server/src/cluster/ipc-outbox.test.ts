import { describe, expect, it } from 'vitest';
import { ipcOutbox, unpackMessages } from './ipc-outbox.js';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('ipcOutbox', () => {
  it('Given messages sent in one turn, then they go out as one, and unpack in the order sent', async () => {
    const sent: unknown[] = [];
    const outbox = ipcOutbox((message) => sent.push(message));
    outbox.send({ a: 1 });
    outbox.send({ b: 2 });
    outbox.send({ c: 3 });
    expect(sent).toEqual([]);
    await nextTurn();
    expect(sent).toHaveLength(1);
    expect(unpackMessages(sent[0])).toEqual([{ a: 1 }, { b: 2 }, { c: 3 }]);
  });

  it('Given a lone message, then it goes out as itself; the next turn starts a new send', async () => {
    const sent: unknown[] = [];
    const outbox = ipcOutbox((message) => sent.push(message));
    outbox.send({ a: 1 });
    await nextTurn();
    outbox.send({ b: 2 });
    await nextTurn();
    expect(sent).toEqual([{ a: 1 }, { b: 2 }]);
    expect(unpackMessages({ b: 2 })).toEqual([{ b: 2 }]);
  });

  it('Given a flush, then what is queued goes out at once and nothing twice', async () => {
    const sent: unknown[] = [];
    const outbox = ipcOutbox((message) => sent.push(message));
    outbox.send({ a: 1 });
    outbox.send({ b: 2 });
    outbox.flush();
    expect(sent).toEqual([{ gwBatch: [{ a: 1 }, { b: 2 }] }]);
    await nextTurn();
    expect(sent).toHaveLength(1);
  });
});
