import { lazy } from 'react';

/**
 * The playground, shown at `/playground` and `/panel/playground`: one lazy component (one `import()`,
 * one list of files to preload) for both routes.
 */
export const PlaygroundPage = lazy(() =>
  import('../features/playground/playground-page').then((module) => ({ default: module.PlaygroundPage })),
);
