import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ReportSlug } from '../../common/reports.js';
import type { ReportFilters } from './repository.js';
import type { Period } from './rules.js';
import type { ReportQuery } from './schemas.js';

/** What every report's maker gets: the request (caller, language), its checked period and filters. */
export interface ReportContext {
  app: FastifyInstance;
  request: FastifyRequest;
  reply: FastifyReply;
  slug: ReportSlug;
  query: ReportQuery;
  period: Period;
  filters: ReportFilters;
}
