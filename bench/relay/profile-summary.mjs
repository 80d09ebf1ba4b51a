// Reads a V8 .cpuprofile (node --cpu-prof) and lists where the busy time went (idle time left out: gw
// waits while the other targets are measured): the functions with the most self time, then gw's own
// functions by inclusive time (what a request spends inside each step).
import { readFileSync } from 'node:fs';

const frameName = ({ callFrame }) => {
  const where = callFrame.url.replace(/^file:\/\/\/.*?\/(node_modules|packages)\//, '$1/');
  return `${callFrame.functionName || '(anonymous)'} ${where}:${callFrame.lineNumber + 1}`;
};

/** Lines of the summary of the profile at `file`, `top` entries per list. */
export function summarizeCpuProfile(file, top = 15) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const selfTime = new Map();
  let total = 0;
  profile.samples.forEach((id, index) => {
    if (nodes.get(id).callFrame.functionName === '(idle)') return;
    const delta = profile.timeDeltas[index] ?? 0;
    selfTime.set(id, (selfTime.get(id) ?? 0) + delta);
    total += delta;
  });
  const bySelf = new Map();
  const byInclusive = new Map();
  for (const [id, time] of selfTime) {
    const name = frameName(nodes.get(id));
    bySelf.set(name, (bySelf.get(name) ?? 0) + time);
    // Each distinct function on the stack gets the sample once (recursion is not counted twice).
    const seen = new Set();
    for (let current = id; current !== undefined; current = parents.get(current)) {
      const frame = frameName(nodes.get(current));
      if (seen.has(frame)) continue;
      seen.add(frame);
      byInclusive.set(frame, (byInclusive.get(frame) ?? 0) + time);
    }
  }
  const list = (entries) =>
    [...entries]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, time]) => `  ${((100 * time) / total).toFixed(1).padStart(5)} %  ${name}`);
  const own = [...byInclusive].filter(([name]) => name.includes('packages/server/dist/'));
  return [
    `gw CPU profile ${file}: ${(total / 1e6).toFixed(1)} s busy (start-up included), shares of that`,
    'self time:',
    ...list(bySelf),
    'gw functions, inclusive time:',
    ...list(own),
  ];
}
