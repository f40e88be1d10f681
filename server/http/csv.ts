import { Readable, Transform } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import iconv from 'iconv-lite';
import type { CsvEncoding } from '../../common/reports.js';

export type CsvRecord = (string | number | null)[];

/** Text → Shift_JIS as Windows writes it (CP932: also ①, ～, ㈱), which is what Excel reads. */
function shiftJis() {
  const encoder = iconv.getEncoder('cp932');
  return new Transform({
    transform(chunk: Buffer | string, _encoding, done) {
      done(null, encoder.write(chunk.toString()));
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
