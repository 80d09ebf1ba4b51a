// Who owns a relay hold row: the node id plus an identity kept in the node's journal folder. Hosts that
// share one database but not a data folder may all be called `main`; the identity (in
// `<data dir>/relay-node/<node id>.owner`) keeps one host's start from refunding the holds another host has
// in flight.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** `<nodeId>:<identity>`, the identity created once per data folder and node; just the node id without one. */
export function holdOwnerOf(dir: string | undefined, nodeId: string): string {
  if (dir === undefined) return nodeId;
  const folder = join(dir, 'relay-node');
  const file = join(folder, `${nodeId}.owner`);
  mkdirSync(folder, { recursive: true });
  try {
    writeFileSync(file, randomBytes(8).toString('hex'), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const identity = readFileSync(file, 'utf8').trim();
  if (!/^[0-9a-f]{16}$/.test(identity)) throw new Error(`${file} does not hold a relay node identity`);
  return `${nodeId}:${identity}`;
}
