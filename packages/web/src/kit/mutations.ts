import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useT } from '../lib/use-t';
import { showError, showToast } from '../lib/toasts';

/**
 * Runs a change against the server, then refreshes every list of the entity (the cache keys start
 * with it), toasts `doneKey` on success (its params may be read from the answer: a count deleted) and reports a failure through core's error catalogue.
 * Resolves true when the change went through.
 */
export function useEntityChange(entity: string) {
  const queries = useQueryClient();
  const t = useT();
  return useCallback(
    async (
      change: () => Promise<unknown>,
      doneKey?: string,
      params?: Record<string, unknown> | ((answer: unknown) => Record<string, unknown>),
    ) => {
      try {
        const answer = await change();
        showToast(
          'success',
          t(doneKey ?? 'web.kit.done', typeof params === 'function' ? params(answer) : params),
        );
        return true;
      } catch (error) {
        showError(error, t);
        return false;
      } finally {
        await queries.invalidateQueries({ queryKey: [entity] });
      }
    },
    [entity, queries, t],
  );
}

/**
 * A step a button runs against the server (fetch a list, redeem a code): `busy` while it runs, a
 * failure reported through core's catalogue. `run` resolves true when the step went through.
 */
export function useServerStep() {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async (step: () => Promise<unknown>) => {
      setBusy(true);
      try {
        await step();
        return true;
      } catch (error) {
        showError(error, t);
        return false;
      } finally {
        setBusy(false);
      }
    },
    [t],
  );
  return { busy, run };
}
