// How fast `gw` answers (issue 12): `gw --version` against `node -e 0` in the same run (target: within
// 60 ms of it), and `gw tokens list` / `gw logs list` against a local gw with SQLite (target: under
// 150 ms wall each). Runs are interleaved so load on the machine weighs on every command alike; the
// medians and 90th percentiles of wall time are printed with the verdicts, and — where /usr/bin/time
// exists — the CPU time each command used, which a busy machine inflates far less than wall time.
// Builds first when dist is missing.
import { spawn, spawnSync } from 'node:child_process';
import { DatabaseSync } from 'node:sqlite';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const GW = join(root, 'packages/cli/dist/index.js');
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const VERSION_MARGIN_MS = 60;
const LIST_TARGET_MS = 150;

if (!existsSync(GW) || !existsSync(join(root, 'packages/server/dist/index.js'))) {
  console.log('dist is missing: npm run build');
  if (spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);
}
const { startServer } = await import(join(root, 'packages/server/dist/index.js'));

const dataDir = mkdtempSync(join(tmpdir(), 'gw-bench-cli-'));
const env = {
  PATH: process.env.PATH,
  HOME: dataDir,
  GW_CONFIG_DIR: join(dataDir, 'config'),
  LANG: 'en_US.UTF-8',
};

const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;
const cpuSamples = new Map();

/**
 * Runs a command to its end and answers its wall time in ms (the event loop stays free for the
 * server); its CPU time (user + system) is kept under `label` when /usr/bin/time can tell.
 */
function timed(args, input, label) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const [file, argv] = TIME
      ? [TIME, ['-f', 'cpu %U %S', process.execPath, ...args]]
      : [process.execPath, args];
    const child = spawn(file, argv, { env, stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.once('error', reject);
    child.once('close', (code) => {
      const ms = performance.now() - started;
      const cpu = /cpu ([\d.]+) ([\d.]+)\s*$/.exec(stderr);
      if (cpu && label) {
        if (!cpuSamples.has(label)) cpuSamples.set(label, []);
        cpuSamples.get(label).push((Number(cpu[1]) + Number(cpu[2])) * 1000);
      }
      if (code === 0) resolve(ms);
      else reject(new Error(`${args.slice(1).join(' ')} exited ${code}: ${stderr}`));
    });
    child.stdin.end(input ?? '');
  });
}

const server = await startServer({
  port: 0,
  host: '127.0.0.1',
  handleSignals: false,
  env: {
    DATABASE_URL: `sqlite:${join(dataDir, 'gw.db')}`,
    GW_ROOT_PASSWORD: 'bench-password',
    LOG_LEVEL: 'silent',
    GW_WEB_DIR: dataDir,
  },
});
try {
  await timed(
    [GW, 'login', '--server', server.url, '--username', 'root', '--password-stdin'],
    'bench-password\n',
  );
  for (let index = 0; index < 30; index += 1)
    await timed([GW, 'tokens', 'create', '--name', `bench-${index}`]);
  // A page of consume logs for `gw logs list` to read (the relay writes the same rows).
  const database = new DatabaseSync(join(dataDir, 'gw.db'));
  const log = database.prepare(
    `INSERT INTO logs (user_id, created_at, type, content, username, token_name, model_name, quota, prompt_tokens,
       completion_tokens, channel_id, request_time, is_stream, source_ip)
     VALUES (1, ?, 2, '', 'root', 'bench', 'gpt-4o-mini', 1500, 120, 40, 1, 800, 0, '127.0.0.1')`,
  );
  const now = Math.floor(Date.now() / 1000);
  for (let index = 0; index < 500; index += 1) log.run(now - index * 5);
  database.close();
  const hasLogs = spawnSync(process.execPath, [GW, 'help', 'logs', 'list'], { env }).status === 0;

  const commands = [
    { label: 'node -e 0', args: ['-e', '0'] },
    { label: 'gw --version', args: [GW, '--version'] },
    { label: 'gw tokens list', args: [GW, 'tokens', 'list'] },
    ...(hasLogs ? [{ label: 'gw logs list', args: [GW, 'logs', 'list'] }] : []),
  ];
  // One warm-up round fills Node's compile cache, as any second use of gw would find it.
  for (const command of commands) await timed(command.args);
  const samples = new Map(commands.map((command) => [command.label, []]));
  for (let run = 0; run < RUNS; run += 1) {
    for (const command of commands)
      samples.get(command.label).push(await timed(command.args, '', command.label));
  }

  const cpu = cpus();
  console.log(
    `machine: ${cpu.length} × ${cpu[0]?.model ?? 'cpu'}, node ${process.version}; load ${loadavg()[0].toFixed(2)}; ${RUNS} interleaved runs`,
  );
  const stats = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    return { median: sorted[Math.floor(sorted.length / 2)], p90: sorted[Math.floor(sorted.length * 0.9)] };
  };
  const node = stats(samples.get('node -e 0'));
  for (const command of commands) {
    const { median, p90 } = stats(samples.get(command.label));
    const over =
      command.label === 'node -e 0' ? '' : `  (+${(median - node.median).toFixed(0)} ms over node -e 0)`;
    console.log(
      `${command.label.padEnd(16)} median ${median.toFixed(0).padStart(4)} ms  p90 ${p90.toFixed(0).padStart(4)} ms${over}`,
    );
  }
  if (cpuSamples.size > 0) {
    const nodeCpu = stats(cpuSamples.get('node -e 0')).median;
    for (const command of commands) {
      const { median } = stats(cpuSamples.get(command.label));
      const over =
        command.label === 'node -e 0' ? '' : `  (+${(median - nodeCpu).toFixed(0)} ms over node -e 0)`;
      console.log(`${command.label.padEnd(16)} cpu median ${median.toFixed(0).padStart(4)} ms${over}`);
    }
  }
  const version = stats(samples.get('gw --version')).median - node.median;
  console.log(
    `gw --version within ${VERSION_MARGIN_MS} ms of node -e 0: ${version <= VERSION_MARGIN_MS ? 'yes' : 'NO'} (+${version.toFixed(0)} ms)`,
  );
  for (const label of ['gw tokens list', 'gw logs list']) {
    if (!samples.has(label)) {
      console.log(`${label}: not measured (no such command in this build)`);
      continue;
    }
    const { median } = stats(samples.get(label));
    console.log(
      `${label} under ${LIST_TARGET_MS} ms: ${median < LIST_TARGET_MS ? 'yes' : 'NO'} (${median.toFixed(0)} ms)`,
    );
  }
} finally {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
