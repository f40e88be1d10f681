import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import iconv from 'iconv-lite';

export type CsvEncoding = 'utf-8' | 'shift_jis';

const SNIFF_BYTES = 64 * 1024;
const UTF8_BOM = [0xef, 0xbb, 0xbf];

/** UTF-8 (with or without BOM) unless the first bytes are not valid UTF-8: then Shift_JIS (CP932). */
export function detectEncoding(head: Buffer, complete: boolean): CsvEncoding {
  if (UTF8_BOM.every((byte, i) => head[i] === byte)) return 'utf-8';
  // A multi-byte character may be cut at the end of the sample: leave its bytes out.
  let end = head.length;
  if (!complete) {
    for (let back = 1; back <= 3 && end - back >= 0; back++) {
      if ((head[end - back]! & 0xc0) === 0xc0) {
        end -= back;
        break;
      }
    }
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, end));
    return 'utf-8';
  } catch {
    return 'shift_jis';
  }
}

async function sniff(input: AsyncIterable<Buffer>) {
  const iterator = input[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let size = 0;
  let complete = false;
  while (size < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      complete = true;
      break;
    }
    const chunk = Buffer.from(next.value);
    chunks.push(chunk);
    size += chunk.length;
  }
  const head = Buffer.concat(chunks);
  async function* rest() {
    yield head;
    if (complete) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield Buffer.from(next.value);
  }
  return { encoding: detectEncoding(head, complete), bytes: rest() };
}

export interface CsvLine {
  /** line number in the file, the header being line 1 */
  line: number;
  cells: string[];
}

/**
 * Streams a CSV in either encoding: the header first, then one row at a time, so that a file of
 * any size is never held in memory whole.
 */
export async function openCsv(input: Readable) {
  const { encoding, bytes } = await sniff(input);
  const decoded = Readable.from(bytes).pipe(iconv.decodeStream(encoding === 'utf-8' ? 'utf8' : 'cp932'));
  const parser = decoded.pipe(
    parse({ bom: true, relax_column_count: true, skip_empty_lines: true, info: true, trim: true }),
  );
  const records = parser[Symbol.asyncIterator]() as AsyncIterator<{ record: string[]; info: { lines: number } }>;
  const first = await records.next();
  const header = first.done ? [] : first.value.record;
  async function* rows(): AsyncGenerator<CsvLine> {
    for (let next = await records.next(); !next.done; next = await records.next()) {
      if (next.value.record.every((cell) => cell === '')) continue;
      yield { line: next.value.info.lines, cells: next.value.record };
    }
  }
  return { encoding, header, rows: rows() };
}

/** A CSV for download: UTF-8 with a BOM so that Excel opens Japanese text correctly. */
export function toCsv(rows: (string | number | null | undefined)[][]): string {
  const escape = (cell: string | number | null | undefined) => {
    const text = cell === null || cell === undefined ? '' : String(cell);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return `\uFEFF${rows.map((row) => row.map(escape).join(',')).join('\r\n')}\r\n`;
}
