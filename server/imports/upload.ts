import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';

/** The largest CSV accepted by upload: 100 MiB (about a million destination rows). */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

/** The multipart field a CSV comes in, as the screens send it. */
const FILE_FIELD = 'file';

const tooLarge = (request: FastifyRequest) =>
  new AppError(413, 'csv.tooLarge', { max: Math.floor(request.server.uploadLimitBytes / 1024 / 1024) });
const broken = () => new AppError(400, 'csv.badUpload');

/**
 * The uploaded CSV's bytes, failing rather than ending early when the upload is cut: at the size
 * limit (413) or by a broken multipart body (400). The importer reads to the end before it writes
 * anything, so a failed upload writes nothing.
 */
export async function uploadedCsv(request: FastifyRequest): Promise<AsyncIterable<Buffer>> {
  const required = () => new AppError(400, 'csv.fileRequired', {}, { file: request.t('csv.fileRequired') });
  if (!request.isMultipart()) throw required();
  let part;
  try {
    part = await request.file();
  } catch (error) {
    throw (error as { statusCode?: number }).statusCode === 413 ? tooLarge(request) : broken();
  }
  if (!part) throw required();
  if (part.fieldname !== FILE_FIELD) {
    part.file.resume();
    throw new AppError(400, 'csv.wrongField', { field: part.fieldname }, { [part.fieldname]: request.t('csv.wrongField', { field: part.fieldname }) });
  }
  return guarded(part.file, request);
}

async function* guarded(file: Readable & { truncated?: boolean }, request: FastifyRequest) {
  try {
    for await (const chunk of file) yield chunk as Buffer;
  } catch {
    throw broken();
  }
  // Past the limit the multipart parser drops the rest and ends the file as if it were complete.
  if (file.truncated) throw tooLarge(request);
}
