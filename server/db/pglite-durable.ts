/**
 * PGlite on a folder with PostgreSQL's durability (issue 18). Out of the box PGlite runs with `-F` (fsync off) and,
 * under Node, its file system (Emscripten's NODEFS) has no fsync at all: a commit reaches the operating system's
 * cache, so it survives the process being killed but not a power cut or a kernel crash. Here:
 *
 * - PostgreSQL runs with fsync on, and its WAL is flushed with fsync() (`wal_sync_method=fsync`: fdatasync() is a
 *   no-op in Emscripten, fsync() reaches the file system's stream operation);
 * - that operation is NODEFS's missing fsync, made a real fsync(2) of the file (or folder) behind the stream.
 *
 * PGLITE_FSYNC=off (server/config.ts) goes back to PGlite's own behaviour, for throwaway data (tests, demos).
 */
import { fsyncSync, openSync, closeSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

interface NodeStream {
  nfd?: number;
}

interface EmscriptenModule {
  NODEFS: { stream_ops: { fsync?: (stream: NodeStream) => number } };
}

type InitArgs = Parameters<NodeFS['init']>;
type FsInit = Awaited<ReturnType<NodeFS['init']>>;

export class DurableNodeFS extends NodeFS {
  override async init(pg: InitArgs[0], opts: InitArgs[1]): Promise<FsInit> {
    const result = await super.init(pg, opts);
    const emscriptenOpts = result.emscriptenOpts as { preRun?: ((mod: EmscriptenModule) => void)[] };
    emscriptenOpts.preRun = [
      ...(emscriptenOpts.preRun ?? []),
      (mod) => {
        // Every NODEFS node shares this object: PostgreSQL's fsync() of a WAL segment, a relation or a folder
        // becomes fsync(2) of the real file. Answers 0 (success) as the system call would.
        mod.NODEFS.stream_ops.fsync = (stream) => {
          if (stream.nfd != null) fsyncSync(stream.nfd);
          return 0;
        };
      },
    ];
    return result;
  }
}

/** PGlite's start parameters with fsync on (without `-F`) and the WAL flushed by fsync(). */
export function durableStartParams(): string[] {
  return [...PGlite.defaultStartParams.filter((p) => p !== '-F'), '-c', 'fsync=on', '-c', 'wal_sync_method=fsync'];
}

/** fsync of every file and folder under `dir` (a data folder just made by initdb, which syncs nothing). */
export async function syncTree(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await syncTree(full);
    else if (entry.isFile()) syncPath(full);
  }
  syncPath(dir);
}

function syncPath(file: string) {
  const fd = openSync(file, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
