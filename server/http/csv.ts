import { Readable, Transform } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import iconv from 'iconv-lite';
import type { CsvEncoding } from '../../common/reports.js';

export type CsvRecord = (string | number | null)[];

/**
 * What a Shift_JIS (CP932) file writes for a character the encoding lacks, instead of iconv's `?`:
 * the superscripts as plain digits (容積(m³) → 容積(m3), m² → m2), the dashes and quotes CP932 spells
 * differently, then the character's compatibility form (NFKC: ｍ, ﬁ, ⅸ …) when that encodes; what is
 * left (an emoji) becomes 〓, the geta mark Japanese print uses for a missing character.
 */
const SJIS_SUBSTITUTES: Record<string, string> = { '³': '3', '²': '2', '¹': '1', '–': '-', '‐': '-', '—': '―', '•': '・', '½': '1/2', '¼': '1/4', '¾': '3/4', '™': 'TM', '€': 'EUR', '\u00a0': ' ' };
const SJIS_MISSING = '〓';
const encodable = new Map<string, boolean>();

function inCp932(text: string): boolean {
  let known = encodable.get(text);
  if (known === undefined) {
    known = iconv.decode(iconv.encode(text, 'cp932'), 'cp932') === text;
    if (encodable.size < 10_000) encodable.set(text, known);
  }
  return known;
}

/** `text` with every character CP932 lacks replaced as `SJIS_SUBSTITUTES` says; ASCII passes untouched. */
export function toShiftJisText(text: string): string {
  return text.replace(/[^ -~\t\r\n]/gu, (char) => {
    if (inCp932(char)) return char;
    const stated = SJIS_SUBSTITUTES[char];
    if (stated !== undefined) return stated;
    const compatible = char.normalize('NFKC');
    return compatible !== char && inCp932(compatible) ? compatible : SJIS_MISSING;
  });
}

/** Text → Shift_JIS as Windows writes it (CP932: also ①, ～, ㈱), which is what Excel reads; what it lacks is substituted (`toShiftJisText`). */
function shiftJis() {
  const encoder = iconv.getEncoder('cp932');
  return new Transform({
    transform(chunk: Buffer | string, _encoding, done) {
      done(null, encoder.write(toShiftJisText(chunk.toString())));
    },
    flush(done) {
      done(null, encoder.end() ?? Buffer.alloc(0));
    },
  });
}

/**
 * Records as CSV bytes, read as they are written (never all held): UTF-8 with a BOM (Excel then reads it
 * as UTF-8) or Shift_JIS, CRLF line ends. A failing source fails the stream.
 */
export function csvStream(records: AsyncIterable<CsvRecord> | Iterable<CsvRecord>, encoding: CsvEncoding): Readable {
  const csv = Readable.from(records).pipe(stringify({ bom: encoding === 'utf8', record_delimiter: 'windows' }));
  const body: Readable = encoding === 'sjis' ? csv.pipe(shiftJis()) : csv;
  csv.on('error', (error) => body.destroy(error));
  return body;
}

/** Streams records as a CSV download (`csvStream`). */
export function sendCsv(reply: FastifyReply, records: AsyncIterable<CsvRecord> | Iterable<CsvRecord>, encoding: CsvEncoding, fileName: string) {
  const charset = encoding === 'sjis' ? 'shift_jis' : 'utf-8';
  return reply
    .header('content-type', `text/csv; charset=${charset}`)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    // A stream is sent as it is; the response schema's string only documents the body.
    .send(csvStream(records, encoding) as unknown as string);
}
