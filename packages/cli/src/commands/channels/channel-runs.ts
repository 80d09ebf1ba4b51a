import type { CliContext } from '../../runtime/context.js';

/** Runs `work` over the items with at most `limit` at a time; the results keep the items' order. */
export async function runPool<Item, Result>(
  items: readonly Item[],
  limit: number,
  work: (item: Item) => Promise<Result>,
): Promise<Result[]> {
  const results: Result[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index] as Item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** A progress line redrawn on stderr while a terminal watches (nothing on a pipe). */
export function startProgress(ctx: CliContext, key: string, total: number): { step(): void; done(): void } {
  let finished = 0;
  const draw = () => {
    if (ctx.stderrIsTty)
      ctx.streams.stderr.write(`\r\u001b[K${ctx.paintErr('dim', ctx.t(key, { done: finished, total }))}`);
  };
  draw();
  return {
    step: () => {
      finished += 1;
      draw();
    },
    done: () => {
      if (ctx.stderrIsTty) ctx.streams.stderr.write('\r\u001b[K');
    },
  };
}
