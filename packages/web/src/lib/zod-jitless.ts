// Zod compiles fast object parsers with `new Function` after probing whether eval is allowed. The
// console's Content-Security-Policy forbids eval (issue 15), and Chromium reports even the swallowed
// probe as a violation; jitless mode skips both. This module must be evaluated before any schema is
// built, so main.tsx imports it first.
import { config } from 'zod';

config({ jitless: true });
