// The ledger's crash journal: append-only JSON-lines segments `<dir>/relay-journal/<nodeId>-<seq>.jsonl`.
// Lines are written with writeSync and no fsync: they survive a crash of the process (the OS keeps them),
// which is the failure the journal is for; a power cut may lose the last moments, as with any page cache.
// Group commit: the lines recorded in one turn of the event loop go out in one write (setImmediate), not a
// system call each; whoever needs a line on disk waits for the promise `appendSoon` returns.
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { LedgerEntry, OpenHold } from './ledger-entry.js';

/** One journal line: a settlement/refund recorded, or (journals of older versions only) a hold taken. */
export type JournalLine = { hold: OpenHold } | { entry: LedgerEntry };

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The segments of one node in a journal folder, oldest first. */
function listSegments(folder: string, nodeId: string): { seq: number; path: string }[] {
  const pattern = new RegExp(`^${escapeRegExp(nodeId)}-(\\d+)\\.jsonl$`);
  return readdirSync(folder)
    .map((name) => ({ match: pattern.exec(name), name }))
    .filter((file): file is { match: RegExpExecArray; name: string } => file.match !== null)
    .map(({ match, name }) => ({ seq: Number(match[1]), path: join(folder, name) }))
    .sort((a, b) => a.seq - b.seq);
}

/** Parses a segment; a line cut short by a crash mid-write is dropped (it was never acknowledged). */
export function readSegment(path: string): JournalLine[] {
  const lines: JournalLine[] = [];
  for (const text of readFileSync(path, 'utf8').split('\n')) {
    if (text.trim() === '') continue;
    try {
      lines.push(JSON.parse(text) as JournalLine);
    } catch {
      // A torn last line: the process died while writing it.
    }
  }
  return lines;
}

/** Journals with lines still queued when the process exits (an uncaught error, process.exit): written then. */
const openJournals = new Set<RelayJournal>();
let exitHookAdded = false;

function writeQueuedAtExit(journal: RelayJournal): void {
  openJournals.add(journal);
  if (exitHookAdded) return;
  exitHookAdded = true;
  // writeSync works in 'exit'; only a kill -9 within the turn a line was recorded in can lose it.
  process.on('exit', () => {
    for (const open of openJournals) open.writePending();
  });
}

export class RelayJournal {
  readonly folder: string;
  /** Segments left by an earlier process of this node, to replay. */
  private readonly leftovers: string[];
  /** Segments rotated out by this process and not yet deleted (their entries are not yet committed). */
  private retired: string[] = [];
  private seq: number;
  private fd: number | null = null;
  private currentPath: string | null = null;

  private readonly nodeId: string;
  /** Lines waiting for the next group write, and who waits for them. */
  private pending: string[] = [];
  private waiting: Array<() => void> = [];
  private scheduled = false;
  /** After close(): lines are written at once (a settlement finishing during shutdown). */
  private closed = false;
  /** Told when a group write fails (the entries stay queued in memory; the caller is not failed). */
  private readonly onWriteError: (error: unknown) => void;

  constructor(dir: string, nodeId: string, onWriteError: (error: unknown) => void = () => {}) {
    this.nodeId = nodeId;
    this.onWriteError = onWriteError;
    this.folder = join(dir, 'relay-journal');
    mkdirSync(this.folder, { recursive: true });
    const existing = listSegments(this.folder, nodeId);
    this.leftovers = existing.map((segment) => segment.path);
    this.seq = (existing.at(-1)?.seq ?? 0) + 1;
    writeQueuedAtExit(this);
  }

  /** The segments found at start, oldest first. */
  leftoverSegments(): readonly string[] {
    return this.leftovers;
  }

  /**
   * Queues one line for the group write at the end of this turn of the event loop; the promise resolves
   * once it is written (or the write failed and was reported: the entry is still queued in memory).
   */
  appendSoon(line: JournalLine): Promise<void> {
    let text: string;
    try {
      text = `${JSON.stringify(line)}\n`;
    } catch (error) {
      this.report(error);
      return Promise.resolve();
    }
    this.pending.push(text);
    const written = new Promise<void>((resolve) => this.waiting.push(resolve));
    if (this.closed) this.writePending();
    else if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.writePending());
    }
    return written;
  }

  /** Writes the queued lines now, in one write; whoever waits for them is told even when it failed. */
  writePending(): void {
    this.scheduled = false;
    if (this.pending.length === 0) return;
    const text = this.pending.join('');
    const waiting = this.waiting;
    this.pending = [];
    this.waiting = [];
    try {
      this.writeLines(text);
    } catch (error) {
      this.report(error);
    } finally {
      for (const resolve of waiting) resolve();
    }
  }

  private report(error: unknown): void {
    try {
      this.onWriteError(error);
    } catch {
      // A failing reporter must not keep the waiting requests from finishing.
    }
  }

  /** Writes every byte (a short write, e.g. on a full disk, is continued, or fails as an error). */
  private writeLines(text: string): void {
    if (this.fd === null) {
      this.currentPath ??= join(this.folder, `${this.nodeId}-${this.seq}.jsonl`);
      this.fd = openSync(this.currentPath, 'a');
    }
    const bytes = Buffer.from(text, 'utf8');
    let offset = 0;
    while (offset < bytes.length) {
      const written = writeSync(this.fd, bytes, offset, bytes.length - offset);
      if (written <= 0) throw new Error('the relay journal took no bytes (disk full?)');
      offset += written;
    }
  }

  /**
   * Starts a fresh segment for the lines that follow and returns every segment whose entries the coming
   * flush covers (the one just closed and any a failed flush left behind).
   */
  rotate(): readonly string[] {
    // Queued lines belong to entries of the coming flush: they go into the segment it covers.
    this.writePending();
    if (this.currentPath !== null) {
      if (this.fd !== null) closeSync(this.fd);
      this.retired.push(this.currentPath);
      this.fd = null;
      this.currentPath = null;
      this.seq += 1;
    }
    return [...this.retired];
  }

  /** Deletes segments whose entries are committed. */
  discard(paths: readonly string[]): void {
    for (const path of paths) rmSync(path, { force: true });
    this.retired = this.retired.filter((path) => !paths.includes(path));
    for (const path of paths) {
      const index = this.leftovers.indexOf(path);
      if (index >= 0) this.leftovers.splice(index, 1);
    }
  }

  /** Closes the current segment's file (it stays on disk until a flush commits its entries). */
  close(): void {
    this.closed = true;
    openJournals.delete(this);
    this.writePending();
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}
