// The embedded database (PGlite) is files that one process at a time may open: a second process
// writing them too would damage them. A running server writes its process id beside them
// (DATA_DIR/server.pid); a command that opens the same files (npm run admin) first asks whether
// that process is still alive, and refuses while it is.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const pidFile = (dataDir: string) => path.resolve(dataDir, 'server.pid');

/** Marks the embedded database in `dataDir` as this process's; the mark goes when it exits. */
export function markEmbeddedDatabase(dataDir: string): void {
  const file = pidFile(dataDir);
  writeFileSync(file, String(process.pid));
  process.once('exit', () => {
    // Only our own mark: another server may have started since (after we stopped listening).
    if (embeddedDatabaseOwner(dataDir) === process.pid) rmSync(file, { force: true });
  });
}

/** The id of a live process that has the embedded database in `dataDir` open, if any. */
export function embeddedDatabaseOwner(dataDir: string): number | undefined {
  let pid: number;
  try {
    pid = Number(readFileSync(pidFile(dataDir), 'utf8').trim());
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0); // signal 0: only asks whether the process exists
    return pid;
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}
