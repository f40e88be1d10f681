import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.js';
import { schemaFieldErrors } from '../http/field-errors.js';

/** One error shape for every route: {message, code, errors?}; no internals in 5xx bodies. */
export default fp(async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({
        message: request.t(error.messageKey, error.params),
        code: error.statusCode,
        ...(error.fieldErrors ? { errors: error.fieldErrors } : {}),
      });
    }
    if (error.validation) {
      return reply.status(400).send({ message: request.t('errors.validation'), code: 400, errors: schemaFieldErrors(request, error) });
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error(error);
      return reply.status(status).send({ message: request.t('errors.internal'), code: status });
    }
    return reply.status(status).send({ message: error.message, code: status });
  });
});
