// A submitted job's row is stored before its id goes back (Midjourney spec §2.4, Suno and Kling §9.8). When
// the store fails, no charge may stand without a row to poll and refund: the submit fails as one-hub's does
// (500 `insert_task_failed`, nothing settled). The row is written in the route's beforeReply, before the
// settlement, so the failure raised here ends the request unsettled and the relay refunds its hold through
// the ledger; the route then answers the error in its platform's own envelope instead of the generic one.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RelayState } from '../pipeline/relay-state.js';
import { type ErrorDialect, localError, relayErrorBody, shapeRelayError } from '../pipeline/relay-error.js';

/** one-hub's error code for a task row that could not be inserted. */
export const JOB_NOT_STORED_CODE = 'insert_task_failed';

/** A job the upstream accepted whose row could not be stored. */
export class JobNotStored extends Error {
  constructor(cause: unknown) {
    super('the submitted job could not be stored', { cause });
    this.name = 'JobNotStored';
  }
}

/** Stores a submitted job's row; a failure becomes JobNotStored (the submit then fails unsettled). */
export async function storeJob(store: () => Promise<void>): Promise<void> {
  try {
    await store();
  } catch (error) {
    throw new JobNotStored(error);
  }
}

/**
 * Runs a submit through the relay; a job that could not be stored is answered as a 500 in the platform's
 * envelope (its hold was already refunded by the relay). Other failures go on to the scope's error handler.
 */
export async function submitJob(
  request: FastifyRequest,
  reply: FastifyReply,
  state: RelayState,
  dialect: ErrorDialect,
  run: () => Promise<unknown>,
): Promise<unknown> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof JobNotStored) || reply.sent) throw error;
    request.log.error(
      { err: error.cause, requestId: request.relayRequestId },
      'a submitted job could not be stored; the submit failed and its hold was refunded',
    );
    const language = state.options().language;
    const failure = localError(500, language, 'relay.task.store_failed', undefined, JOB_NOT_STORED_CODE);
    return reply
      .code(500)
      .send(relayErrorBody(dialect, shapeRelayError(failure, request.relayRequestId, language)));
  }
}
