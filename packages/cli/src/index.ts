#!/usr/bin/env node
// The `gw` binary. Node's compile cache is switched on before anything else loads, so a second start
// (`gw tui` most of all: core, ink and react) reads compiled code instead of compiling it again.
import { enableCompileCache } from 'node:module';

enableCompileCache?.();
await import('./main.js');
