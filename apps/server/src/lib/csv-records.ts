// Reading a CSV file someone uploaded (a product import, an M-PESA statement): its records with
// the line each starts on, parsed a chunk at a time so that a large file can be read in slices
// (time-slices.ts), and each record's first cell holding what no text may: a control character
// (PostgreSQL refuses NUL in text; the others hide things) or bytes that are not UTF-8 (decoded,
// they would silently become U+FFFD).
import { Parser, type Options } from 'csv-parse';
import type { Steps } from './time-slices.ts';

export interface CsvRecord {
  /** The line the record starts on, as a spreadsheet numbers them. */
  line: number;
  cells: string[];
  /** Its first cell that cannot be taken as text, and what it holds ('a character that…'). */
  refused?: { index: number; what: string };
}

// Parsed at a time: a few milliseconds of work, so a slice never runs long (time-slices.ts).
const CHUNK = 16 * 1024;
// C0 controls but TAB, LF and CR, and DEL: what packages/domain's common/text.ts refuses too.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const NOT_UTF8 = 'bytes that are not UTF-8 text (save the file as CSV UTF-8)';

const nameOf = (char: string) =>
  char === '\u0000' ? 'NUL' : `U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * Whether the whole input is UTF-8 (decoded strictly) and free of control characters, looked at
 * 256 kB at a time. In UTF-8 no byte of a longer sequence is below 0x80, so a control byte is
 * a control character: a file without one needs no cell looked at.
 */
function* scan(input: Buffer): Steps<{ utf8: boolean; controls: boolean }> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let utf8 = true;
  let controls = false;
  for (let at = 0; at < input.length; at += 16 * CHUNK) {
    const part = input.subarray(at, at + 16 * CHUNK);
    if (utf8) {
      try {
        decoder.decode(part, { stream: true });
      } catch {
        utf8 = false;
      }
    }
    controls ||= CONTROL.test(part.toString('latin1'));
    yield;
  }
  try {
    decoder.decode(); // a sequence left unfinished at the end
  } catch {
    utf8 = false;
  }
  return { utf8, controls };
}

function refusedCell(cells: string[], utf8: boolean): CsvRecord['refused'] {
  for (let index = 0; index < cells.length; index++) {
    const cell = cells[index]!;
    const control = CONTROL.exec(cell);
    if (control) {
      return { index, what: `a character that is not allowed (${nameOf(control[0])})` };
    }
    // Undecodable bytes are U+FFFD once decoded: only a file that is not UTF-8 has them so.
    if (!utf8 && cell.includes('\uFFFD')) return { index, what: NOT_UTF8 };
  }
  return undefined;
}

/**
 * The records of `input` (csv-parse's own errors are thrown as they are). Lines are counted here:
 * csv-parse counts a quoted CRLF twice.
 */
export function* readCsvRecords(input: Buffer, options: Options): Steps<CsvRecord[]> {
  const { utf8, controls } = yield* scan(input);
  const check = !utf8 || controls;
  // csv-parse's stream parser, fed by hand: write() parses at once, read() takes the records.
  const parser = new Parser({ ...options, info: true });
  parser.on('error', () => {}); // read from `errored`, at once, below
  const records: CsvRecord[] = [];
  let counted = 0;
  let newlines = 0;
  const take = () => {
    for (;;) {
      const parsed = parser.read() as { record: string[]; info: { bytes: number } } | null;
      if (parsed === null) break;
      const { record, info } = parsed;
      for (;;) {
        const next = input.indexOf(0x0a, counted);
        if (next < 0 || next >= info.bytes) break;
        newlines++;
        counted = next + 1;
      }
      const endedWithNewline = input[info.bytes - 1] === 0x0a;
      const inside = record.reduce((n, cell) => n + (cell.match(/\n/g)?.length ?? 0), 0);
      records.push({
        line: 1 + newlines - (endedWithNewline ? 1 : 0) - inside,
        cells: record,
        refused: check ? refusedCell(record, utf8) : undefined,
      });
    }
    if (parser.errored) throw parser.errored;
  };
  for (let at = 0; at < input.length; at += CHUNK) {
    parser.write(input.subarray(at, at + CHUNK));
    take();
    yield;
  }
  parser.end();
  take();
  return records;
}
