import { Type } from 'typebox';
import { ErrorResponse } from '../http/schemas.js';

/** The wire shapes of the probes a load balancer or process manager calls: nothing but a status. */

const NoQuery = Type.Object({}, { additionalProperties: false });
const Status = Type.Object({ status: Type.Literal('ok') });

/** `GET /healthz`: the process is alive and answers. */
export const healthSchema = { querystring: NoQuery, response: { 200: Status } };

/** `GET /readyz`: the database answers too; 503 (the localised error shape) when it does not. */
export const readySchema = { querystring: NoQuery, response: { 200: Status, '4xx': ErrorResponse, 503: ErrorResponse } };
