import { isAscii, isUtf8 } from 'node:buffer';
import { pipeline, Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';

export type CsvEncoding = 'utf-8' | 'shift_jis';

/** A file that is not text, or not valid in one encoding throughout: refused at its first bad row. */
export class CsvTextError extends Error {
  constructor(
    readonly messageKey: 'csv.notText' | 'csv.badEncoding' | 'csv.badQuote' | 'csv.mixedEncoding',
    readonly row: number,
    /** the message's other parameters (`row` is always one) */
    readonly params: Record<string, string> = {},
  ) {
    super(`${messageKey} at row ${row}`);
  }
}

/** How the messages name an encoding. */
const ENCODING_NAMES: Record<CsvEncoding, string> = { 'utf-8': 'UTF-8', shift_jis: 'Shift_JIS' };

const NEWLINE = 0x0a;
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);
/** A line longer than this is not a CSV row: refuse it rather than hold an endless "line" in memory. */
const MAX_LINE_BYTES = 1024 * 1024;
/** Control characters no spreadsheet writes in a CSV (tab, CR, LF and Ctrl-Z, DOS's end of file, are fine). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x19\x1b-\x1f]/;

const decodes = (encoding: CsvEncoding, bytes: Uint8Array) => {
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
};

function countLines(bytes: Uint8Array, end = bytes.length) {
  let count = 0;
  for (let at = bytes.indexOf(NEWLINE); at >= 0 && at < end; at = bytes.indexOf(NEWLINE, at + 1)) count++;
  return count;
}

/** The piece's lines, each with its bytes and its index in the piece (0-based). */
function* linesOf(bytes: Buffer): Generator<{ index: number; line: Buffer }> {
  let start = 0;
  for (let index = 0; start < bytes.length; index++) {
    const end = bytes.indexOf(NEWLINE, start);
    const stop = end < 0 ? bytes.length : end + 1;
    yield { index, line: bytes.subarray(start, stop) };
    start = stop;
  }
}

/**
 * The encoding of a line that is not plain ASCII: UTF-8 when its bytes are valid UTF-8 (Japanese text
 * in Shift_JIS practically never is), else Shift_JIS when they decode as it; undefined for neither.
 */
function lineEncoding(line: Buffer): CsvEncoding | undefined {
  if (isUtf8(line)) return 'utf-8';
  return decodes('shift_jis', line) === undefined ? undefined : 'shift_jis';
}

/**
 * Decodes a CSV strictly, whole lines at a time (a newline byte never sits inside a UTF-8 or
 * Shift_JIS character). The first line that is not plain ASCII (or a UTF-8 byte order mark) decides the
 * encoding; every later line must be in it: a line in the other encoding is refused by its number
 * (`csv.mixedEncoding`), and one valid in neither too (`csv.badEncoding`). A piece that is valid UTF-8
 * throughout is checked whole; only a piece that is not is looked at line by line.
 */
class StrictDecoder {
  encoding: CsvEncoding | undefined;
  /** line number of the next piece's first line */
  line = 1;

  decode(piece: Buffer): string {
    if (this.line === 1 && piece.subarray(0, 3).equals(UTF8_BOM)) this.encoding = 'utf-8';
    if (isUtf8(piece)) this.expect('utf-8', piece);
    else for (const { index, line } of linesOf(piece)) this.expectLine(line, this.line + index);
    const text = decodes(this.encoding ?? 'utf-8', piece)!;
    const control = text.search(CONTROL);
    if (control >= 0) throw new CsvTextError('csv.notText', this.line + (text.slice(0, control).match(/\n/g)?.length ?? 0));
    this.line += countLines(piece);
    return text;
  }

  /** A piece valid in `encoding` throughout: its first line that is not ASCII tells whether the file is. */
  private expect(encoding: CsvEncoding, piece: Buffer) {
    if (this.encoding === encoding || isAscii(piece)) return;
    for (const { index, line } of linesOf(piece)) {
      if (isAscii(line)) continue;
      return this.expectLine(line, this.line + index);
    }
  }

  private expectLine(line: Buffer, number: number) {
    if (isAscii(line)) return;
    const encoding = lineEncoding(line);
    if (encoding === undefined) throw new CsvTextError('csv.badEncoding', number);
    this.encoding ??= encoding;
    if (encoding !== this.encoding) {
      throw new CsvTextError('csv.mixedEncoding', number, { found: ENCODING_NAMES[encoding], expected: ENCODING_NAMES[this.encoding] });
    }
  }
}

async function* decodeLines(input: AsyncIterable<Buffer | string>, decoder: StrictDecoder): AsyncGenerator<string> {
  let pending: Buffer = Buffer.alloc(0);
  for await (const chunk of input) {
    const bytes = pending.length ? Buffer.concat([pending, Buffer.from(chunk)]) : Buffer.from(chunk);
    const cut = bytes.lastIndexOf(NEWLINE) + 1;
    pending = bytes.subarray(cut);
    if (cut > 0) yield decoder.decode(bytes.subarray(0, cut));
    if (pending.length > MAX_LINE_BYTES) throw new CsvTextError('csv.notText', decoder.line);
  }
  if (pending.length) yield decoder.decode(pending);
}

export interface CsvLine {
  /** line number in the file, the header being line 1; a value spanning lines counts its last one */
  line: number;
  cells: string[];
}

/**
 * Streams a CSV in either encoding: the header first, then one row at a time, so that a file of
 * any size is never held in memory whole. A CsvTextError is thrown at the first row that is not
 * text in the file's encoding or not well quoted (csv-parse's quoting errors); `encoding()` is known for sure once every row has been read.
 */
export async function openCsv(input: AsyncIterable<Buffer | string>) {
  const decoder = new StrictDecoder();
  /** the last line of the last whole record parsed: a quoting error lies in the record after it */
  let parsedTo = 0;
  const parser = parse({
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    info: true,
    trim: true,
    on_record: (record, context) => {
      parsedTo = context.lines;
      return record;
    },
  });
  // pipeline, not pipe: an error of the upload or of the decoding reaches the reader of the rows.
  pipeline(Readable.from(decodeLines(input, decoder)), parser, () => {});
  const records = parser[Symbol.asyncIterator]() as AsyncIterator<{ record: string[]; info: { lines: number } }>;
  /**
   * The next record; csv-parse's quoting errors become a row error naming the line where the quoting
   * goes wrong, or for a quote never closed the line where it was opened.
   */
  const next = async () => {
    try {
      return await records.next();
    } catch (error) {
      if (!(error instanceof CsvError)) throw error;
      const line = error.code === 'CSV_QUOTE_NOT_CLOSED' ? parsedTo + 1 : Number(error.lines);
      throw new CsvTextError('csv.badQuote', line);
    }
  };
  const first = await next();
  const header = first.done ? [] : first.value.record;
  async function* rows(): AsyncGenerator<CsvLine> {
    for (let read = await next(); !read.done; read = await next()) {
      if (read.value.record.every((cell) => cell === '')) continue;
      yield { line: read.value.info.lines, cells: read.value.record };
    }
  }
  return { encoding: () => decoder.encoding ?? 'utf-8', header, rows: rows() };
}

/** A CSV for download: UTF-8 with a BOM so that Excel opens Japanese text correctly. */
export function toCsv(rows: (string | number | null | undefined)[][]): string {
  const escape = (cell: string | number | null | undefined) => {
    const text = cell === null || cell === undefined ? '' : String(cell);
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return `\uFEFF${rows.map((row) => row.map(escape).join(',')).join('\r\n')}\r\n`;
}
