// Graceful shutdown (issue 15): stop accepting, let requests in flight — long streams included — finish
// up to a deadline, then cut what is left (the relay settles a cut stream like a client that went away),
// and only then run the close hooks: the ledger's last batch is written and the database closed.
import type { FastifyInstance } from 'fastify';

/**
 * Closes the app. Fastify closes the listening socket first and waits for open requests before the other
 * close hooks run (the ledger flush among them); past `deadlineSeconds` every connection still open is
 * closed so that the wait ends.
 */
export async function closeGracefully(app: FastifyInstance, deadlineSeconds: number): Promise<void> {
  const deadline = setTimeout(() => {
    app.log.warn({ deadlineSeconds }, 'shutdown deadline reached: closing the connections still open');
    app.server.closeAllConnections();
  }, deadlineSeconds * 1000);
  deadline.unref();
  try {
    await app.close();
  } finally {
    clearTimeout(deadline);
  }
}
