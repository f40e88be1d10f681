export type CsvEncoding = 'utf-8' | 'shift_jis';

/** A file that is not text, or not valid in one encoding throughout: refused at its first bad row. */
export class CsvTextError extends Error {
  constructor(
    readonly messageKey: 'csv.notText' | 'csv.badEncoding' | 'csv.badQuote',
    readonly row: number,
  ) {
    super(`${messageKey} at row ${row}`);
  }
}

const NEWLINE = 0x0a;
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);
/** A line longer than this is not a CSV row: refuse it rather than hold an endless "line" in memory. */
const MAX_LINE_BYTES = 1024 * 1024;
/** Control characters no spreadsheet writes in a CSV (tab, CR, LF and Ctrl-Z, DOS's end of file, are fine). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x19\x1b-\x1f]/;
// eslint-disable-next-line no-control-regex -- every byte outside ASCII, from NUL up
const NON_ASCII = /[^\x00-\x7f]/;

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

/** Lines (1-based, in the piece) of the first line that does not decode. */
function firstBadLine(encoding: CsvEncoding, bytes: Buffer) {
  let start = 0;
  for (let line = 0; ; line++) {
    const end = bytes.indexOf(NEWLINE, start);
    const stop = end < 0 ? bytes.length : end + 1;
    if (decodes(encoding, bytes.subarray(start, stop)) === undefined || end < 0) return line;
    start = stop;
  }
}

/**
 * Decodes a CSV strictly, whole lines at a time (a newline byte never sits inside a UTF-8 or
 * Shift_JIS character): the first piece decides the encoding, and every later byte must be valid in
 * it. A file that was plain ASCII so far may still turn out to be Shift_JIS (or UTF-8).
 */
class StrictDecoder {
  encoding: CsvEncoding | undefined;
  /** line number of the next piece's first line */
  line = 1;
  private asciiSoFar = true;

  decode(piece: Buffer): string {
    if (this.encoding === undefined) this.encoding = piece.subarray(0, 3).equals(UTF8_BOM) || decodes('utf-8', piece) !== undefined ? 'utf-8' : 'shift_jis';
    let text = decodes(this.encoding, piece);
    if (text === undefined && this.asciiSoFar) {
      const other = this.encoding === 'utf-8' ? 'shift_jis' : 'utf-8';
      text = decodes(other, piece);
      if (text !== undefined) this.encoding = other;
    }
    if (text === undefined) {
      // Neither encoding holds: name the row where the likelier one (the one that got further) breaks.
      const bad = Math.max(firstBadLine('utf-8', piece), firstBadLine('shift_jis', piece));
      throw new CsvTextError('csv.badEncoding', this.line + bad);
    }
    const control = text.search(CONTROL);
    if (control >= 0) throw new CsvTextError('csv.notText', this.line + (text.slice(0, control).match(/\n/g)?.length ?? 0));
    this.asciiSoFar &&= !NON_ASCII.test(text);
    this.line += countLines(piece);
    return text;
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

const COMMA = 0x2c;
const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;
/** Blanks that may stand around a quoted value ("trim"): space, tab, ideographic space. */
const isBlank = (code: number) => code === 0x20 || code === 0x09 || code === 0x3000;

/**
 * RFC 4180 CSV as spreadsheets write it, read a decoded piece at a time: comma-separated, values
 * in double quotes may hold commas, quotes (doubled) and line breaks; unquoted values are trimmed;
 * rows end with CRLF, LF or CR and may have any number of values; empty lines are skipped. A quote
 * inside an unquoted value, text after a closing quote or a quote never closed is refused
 * (csv.badQuote), naming the row.
 */
class CsvParser {
  /** the start of a record that continues in the next piece (a quoted value with a line break) */
  private rest = '';
  /** line number of the next record's first line */
  private line = 1;

  /** The records complete in `piece` (whole lines), keeping an unfinished quoted value for the next. */
  push(piece: string, final = false): CsvLine[] {
    const text = this.rest ? this.rest + piece : piece;
    const records: CsvLine[] = [];
    const n = text.length;
    let at = text.charCodeAt(0) === 0xfeff && this.line === 1 ? 1 : 0;
    while (at < n) {
      const first = text.charCodeAt(at);
      if (first === LF || first === CR) {
        at += first === CR && text.charCodeAt(at + 1) === LF ? 2 : 1;
        this.line++;
        continue;
      }
      const parsed = this.record(text, at, final);
      if (!parsed) break;
      records.push({ line: parsed.line, cells: parsed.cells });
      at = parsed.next;
    }
    this.rest = at < n ? text.slice(at) : '';
    if (this.rest.length > MAX_LINE_BYTES) throw new CsvTextError('csv.badQuote', this.line);
    if (final && this.rest) throw new CsvTextError('csv.badQuote', this.line);
    return records;
  }

  /** One record from `start`, or undefined when a quoted value goes on past the piece. */
  private record(text: string, start: number, final: boolean) {
    const n = text.length;
    const cells: string[] = [];
    let line = this.line;
    let at = start;
    for (;;) {
      let quoteAt = at;
      while (quoteAt < n && isBlank(text.charCodeAt(quoteAt))) quoteAt++;
      let code: number;
      if (text.charCodeAt(quoteAt) === QUOTE) {
        let value = '';
        let from = quoteAt + 1;
        for (;;) {
          const close = text.indexOf('"', from);
          if (close < 0) {
            if (final) throw new CsvTextError('csv.badQuote', this.line);
            return undefined;
          }
          value += text.slice(from, close);
          if (text.charCodeAt(close + 1) === QUOTE) {
            value += '"';
            from = close + 2;
          } else {
            at = close + 1;
            break;
          }
        }
        for (let from = value.indexOf('\n'); from >= 0; from = value.indexOf('\n', from + 1)) line++;
        while (at < n && isBlank(text.charCodeAt(at))) at++;
        code = at < n ? text.charCodeAt(at) : LF;
        if (code !== COMMA && code !== CR && code !== LF) throw new CsvTextError('csv.badQuote', line);
        cells.push(value);
      } else {
        let end = at;
        for (code = LF; end < n; end++) {
          code = text.charCodeAt(end);
          if (code === COMMA || code === CR || code === LF) break;
          if (code === QUOTE) throw new CsvTextError('csv.badQuote', line);
        }
        if (end === n) code = LF;
        cells.push(text.slice(at, end).trim());
        at = end;
      }
      if (code === COMMA) {
        at++;
        continue;
      }
      if (at < n) at += code === CR && text.charCodeAt(at + 1) === LF ? 2 : 1;
      this.line = line + 1;
      return { line, cells, next: at };
    }
  }
}

/** Records a piece at a time: the decoded pieces, each parsed whole. */
async function* parsedPieces(input: AsyncIterable<Buffer | string>, decoder: StrictDecoder): AsyncGenerator<CsvLine[]> {
  const parser = new CsvParser();
  for await (const text of decodeLines(input, decoder)) yield parser.push(text);
  yield parser.push('', true);
}

/**
 * Streams a CSV in either encoding: the header first, then one row at a time, so that a file of
 * any size is never held in memory whole. A CsvTextError is thrown at the first row that is not
 * text in the file's encoding or not well quoted; `encoding()` is known for sure once every row has been read.
 */
export async function openCsv(input: AsyncIterable<Buffer | string>) {
  const decoder = new StrictDecoder();
  const pieces = parsedPieces(input, decoder);
  let piece: CsvLine[] = [];
  let at = 0;
  /** the next record, or undefined at the end of the file */
  const next = async () => {
    while (at >= piece.length) {
      const read = await pieces.next();
      if (read.done) return undefined;
      piece = read.value;
      at = 0;
    }
    return piece[at++];
  };
  const header = (await next())?.cells ?? [];
  async function* rows(): AsyncGenerator<CsvLine> {
    for (let record = await next(); record; record = at < piece.length ? piece[at++] : await next()) {
      if (record.cells.every((cell) => cell === '')) continue;
      yield record;
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
