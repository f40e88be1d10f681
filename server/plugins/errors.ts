import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { MessageKey } from '../../common/locales/index.js';
import { fromDatabaseError } from '../database-errors.js';
import { AppError } from '../errors.js';
import { schemaFieldErrors } from '../http/field-errors.js';

function send(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  return reply.status(error.statusCode).send({
    message: request.t(error.messageKey, error.params),
    code: error.statusCode,
    ...(error.fieldErrors ? { errors: error.fieldErrors } : {}),
  });
}

const FRAMEWORK_REFUSALS: Record<number, MessageKey> = {
  413: 'errors.bodyTooLarge',
  415: 'errors.unsupportedMediaType',
};

/** Schema validation failures: one localised message per field, for Refine's forms. */
const validationError = (request: FastifyRequest, error: FastifyError) =>
  new AppError(400, 'errors.validation', {}, schemaFieldErrors(request, error));

/**
 * Client errors are logged at `info`: anyone can cause them, and at `error` an anonymous caller could
 * flood the log operators watch. Server errors stay at `error`, with the details kept in the log.
 */
function log(request: FastifyRequest, status: number, error: Error) {
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  else request.log.info({ status, reason: error.message }, 'request refused');
}

/** One error shape for every route: {message, code, errors?}; PostgreSQL's refusals mapped; no internals in 5xx bodies. */
export default fp(async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const known =
      error instanceof AppError
        ? error
        : 'validation' in error && error.validation
          ? validationError(request, error)
          : fromDatabaseError(error, request.t);
    if (known) {
      log(request, known.statusCode, error);
      if (known.statusCode === 503) reply.header('retry-after', '5');
      return send(request, reply, known);
    }
    const status = 'statusCode' in error && error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    log(request, status, error);
    if (status >= 500) return reply.status(status).send({ message: request.t('errors.internal'), code: status });
    // Fastify's own refusals (malformed JSON, a wrong content type, a body too large) in the caller's language.
    return reply.status(status).send({ message: request.t(FRAMEWORK_REFUSALS[status] ?? 'errors.badRequest'), code: status });
  });
});
