import { mergeConfig } from 'vitest/config';
import { nodeTestConfig } from '../../vitest.shared.js';

// Core's files are pure (no `vi.mock`, no servers), so they share workers instead of a fresh module
// graph per file: isolated, each of the 80 files imported core's source again (65 s on the loaded
// two-core machine, imports 64 %); shared, the whole suite took 4.4 s.
export default mergeConfig(nodeTestConfig, { test: { isolate: false } });
