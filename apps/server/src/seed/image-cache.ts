// The demo pictures drawn once per test run and shared: the image tests and every shop a run starts
// (the journeys start two, CI's API passes seed more) copy them instead of drawing ~540 pictures
// and their width copies each (about 30 s of CPU apiece). DEMO_IMAGE_CACHE_DIR names a folder of
// this run only (the test runners and .ci/run set it), so a change to the drawing is never served
// from an older cache. The first process to need the pictures draws them under a lock; the others
// wait for them, or draw their own if the holder went away.
import { cp, mkdir, rename, rm, stat } from 'node:fs/promises';

const WAIT_MS = 5 * 60_000;
const POLL_MS = 250;

const exists = (target: string) =>
  stat(target).then(
    () => true,
    () => false,
  );

/**
 * Fills `dir` from the cache, drawing into the cache first when it is empty (`draw` writes into
 * the folder it is given). Without a cache folder it simply draws into `dir`.
 */
export async function withImageCache(
  cacheDir: string | undefined,
  dir: string,
  draw: (into: string) => Promise<void>,
): Promise<'drawn' | 'copied'> {
  await mkdir(dir, { recursive: true });
  if (!cacheDir) {
    await draw(dir);
    return 'drawn';
  }
  const lock = `${cacheDir}.lock`;
  for (let waited = 0; !(await exists(cacheDir)); waited += POLL_MS) {
    const holder = await mkdir(lock, { recursive: false }).then(
      () => true,
      () => false,
    );
    if (holder) {
      try {
        const drawing = `${cacheDir}.drawing-${process.pid}`;
        await rm(drawing, { recursive: true, force: true });
        await mkdir(drawing, { recursive: true });
        await draw(drawing);
        // Appears whole or not at all.
        await rename(drawing, cacheDir);
      } finally {
        await rm(lock, { recursive: true, force: true });
      }
      break;
    }
    if (waited > WAIT_MS) {
      await draw(dir);
      return 'drawn';
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  await cp(cacheDir, dir, { recursive: true, force: false, errorOnExist: false });
  return 'copied';
}
