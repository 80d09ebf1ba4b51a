// The messages a process sends on a cluster IPC channel within one turn of its event loop, sent as one.
// Each send is a JSON encoding and a write to the channel's pipe, and its receiver wakes once per message:
// with workers sharing the primary's limiter and claims, a relayed request made three to four of them each
// way (issue 13). Under load many requests run in one turn, so their messages go out together at the
// turn's end (setImmediate), in the order they were sent; a lone message goes out as it is.

/** Several messages sent together; the receiver handles them in order (see {@link unpackMessages}). */
interface Batch {
  gwBatch: unknown[];
}

function isBatch(message: unknown): message is Batch {
  return typeof message === 'object' && message !== null && Array.isArray((message as Batch).gwBatch);
}

/** The messages a received one stands for: a batch's, in order, or itself. */
export function unpackMessages(message: unknown): unknown[] {
  return isBatch(message) ? message.gwBatch : [message];
}

export interface IpcOutbox {
  /** Queues a message for the end of this turn. */
  send(message: unknown): void;
  /** Sends what is queued now (before a close). */
  flush(): void;
}

/** An outbox over `send` (a worker's `process.send`, or the primary's `worker.send`). */
export function ipcOutbox(send: (message: unknown) => void): IpcOutbox {
  let queued: unknown[] = [];
  let scheduled: NodeJS.Immediate | undefined;
  function flush(): void {
    if (scheduled) clearImmediate(scheduled);
    scheduled = undefined;
    if (queued.length === 0) return;
    const messages = queued;
    queued = [];
    send(messages.length === 1 ? messages[0] : ({ gwBatch: messages } satisfies Batch));
  }
  return {
    send(message) {
      queued.push(message);
      scheduled ??= setImmediate(flush);
    },
    flush,
  };
}
