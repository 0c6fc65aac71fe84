// The PGlite template every test file loads, made smaller: a data directory's tar (ustar, as
// PGlite's dumpDataDir writes it) with only the WAL a clean start reads.
//
// After `select pg_switch_wal(); checkpoint` the last checkpoint's record opens a new segment, and
// a clean start reads nothing before it: the segments before it are dropped, and the one it is in
// is cut after its last written page (PostgreSQL writes on past the end, as into any new file).
// 29 MB of which 16 MB was WAL becomes 12 MB (issue 35).

const BLOCK = 512;
const WAL_PAGE = 8192;
const SEGMENT = /(?:^|\/)pg_wal\/([0-9A-F]{24})$/;

/** `tar` without the WAL segments before `keep`, and `keep` without its unwritten tail. */
export function withWalFrom(tar: Uint8Array, keep: string): Uint8Array {
  const parts: Uint8Array[] = [];
  let kept = false;
  for (let at = 0; at + BLOCK <= tar.length;) {
    const header = tar.slice(at, at + BLOCK);
    if (header.every((byte) => byte === 0)) break; // the archive's end
    const size = parseInt(text(header, 124, 12) || '0', 8);
    const data = tar.subarray(at + BLOCK, at + BLOCK + size);
    at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    const segment = SEGMENT.exec(text(header, 0, 100))?.[1];
    if (segment && segment !== keep) continue;
    let body = data;
    if (segment) {
      kept = true;
      let end = data.length;
      while (end > 0 && data[end - 1] === 0) end--;
      body = data.subarray(0, Math.ceil(end / WAL_PAGE) * WAL_PAGE);
      header.set(ascii(`${body.length.toString(8).padStart(11, '0')}\0`), 124);
      header.fill(0x20, 148, 156); // the checksum is summed with its own field as spaces
      const sum = header.reduce((total, byte) => total + byte, 0);
      header.set(ascii(`${sum.toString(8).padStart(6, '0')}\0 `), 148);
    }
    parts.push(header, body, new Uint8Array((BLOCK - (body.length % BLOCK)) % BLOCK));
  }
  if (!kept) throw new Error(`the data directory has no WAL segment ${keep}`);
  parts.push(new Uint8Array(2 * BLOCK));
  const out = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const text = (bytes: Uint8Array, at: number, length: number) =>
  new TextDecoder()
    .decode(bytes.subarray(at, at + length))
    .replace(/\0.*$/s, '')
    .trim();
const ascii = (value: string) => new TextEncoder().encode(value);
