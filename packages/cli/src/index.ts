#!/usr/bin/env node
// The `gw` binary's first lines. They check Node's version before anything that needs a newer one
// loads, turn on Node's compile cache, answer `--version` without loading the rest, then run the CLI.
// Keep this file free of static imports beyond node builtins: they would load before the check.
import module from 'node:module';
import v8 from 'node:v8';

const MIN_NODE_MAJOR = 22;

// The one message shown before the translations can load (they need a newer Node), in the four
// interface languages, picked from the locale as the rest of gw picks it.
const NODE_TOO_OLD: Record<string, string> = {
  en: 'gw needs Node.js {min} or newer; this is Node.js {version}.',
  zh_CN: 'gw 需要 Node.js {min} 或更高版本；当前是 Node.js {version}。',
  zh_HK: 'gw 需要 Node.js {min} 或更新版本；目前是 Node.js {version}。',
  ja: 'gw には Node.js {min} 以降が必要です（現在は Node.js {version}）。',
};

function nodeTooOldMessage(env: NodeJS.ProcessEnv): string {
  const locale = [env.GW_LANG, env.LC_ALL, env.LC_MESSAGES, env.LANG].find((value) => value) ?? '';
  const tag = locale.toLowerCase();
  const key = /^zh[_-](hk|tw|mo)/.test(tag)
    ? 'zh_HK'
    : tag.startsWith('zh')
      ? 'zh_CN'
      : tag.startsWith('ja')
        ? 'ja'
        : 'en';
  return (NODE_TOO_OLD[key] ?? '')
    .replace('{min}', String(MIN_NODE_MAJOR))
    .replace('{version}', process.version);
}

if (Number(process.versions.node.split('.')[0]) < MIN_NODE_MAJOR) {
  process.stderr.write(`${nodeTooOldMessage(process.env)}\n`);
  process.exit(1);
}

// Compiled code is kept between runs (in the OS temp folder), which halves the start of every command.
module.enableCompileCache?.();
// A young generation big enough for start-up: with V8's 1 MB default, loading a command's code and
// strings runs four scavenges, a fifth of a short command's CPU time.
v8.setFlagsFromString('--min-semi-space-size=16');

const args = process.argv.slice(2);
let exitCode = 0;
if (args.length === 1 && (args[0] === '--version' || args[0] === '-v')) {
  const { CLI_VERSION } = await import('./version.js');
  process.stdout.write(`${CLI_VERSION}\n`);
} else {
  const { runCli } = await import('./main.js');
  exitCode = await runCli(process.argv);
}
// Leave as soon as output is flushed: idle keep-alive sockets must not hold a finished command open.
process.stdout.write('', () => process.exit(exitCode));
