import { nodeTestConfig } from '../../vitest.shared.js';

export default nodeTestConfig;
