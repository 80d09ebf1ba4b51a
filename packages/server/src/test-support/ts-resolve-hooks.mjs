// Lets plain `node` run the TypeScript sources in a child process: a relative `./x.js` import that does
// not exist is resolved to `./x.ts` (the sources import by their built names). Used by the tests that
// run real child processes (the ledger's crash test, the concurrent monthly bill makers).
import { registerHooks } from 'node:module';

registerHooks({
  resolve(specifier, context, nextResolve) {
    try {
      return nextResolve(specifier, context);
    } catch (error) {
      if (specifier.startsWith('.') && specifier.endsWith('.js')) {
        return nextResolve(`${specifier.slice(0, -3)}.ts`, context);
      }
      throw error;
    }
  },
});
