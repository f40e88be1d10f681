import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { NEAREST_LIMIT_DEFAULT } from '../../common/places.js';
import { nearestDestinations } from './repository.js';
import { nearestLabels, nearestSchema } from './schemas.js';

/** Places (/places): the destinations nearest to a point, for the address search screen. */
const placesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/delivery_destination/nearest',
    { schema: nearestSchema, config: { permission: { area: 'delivery_destination', action: 'list' }, labels: nearestLabels } },
    async (request) => {
      const { latitude, longitude, limit } = request.query;
      return nearestDestinations(app.db, request.actor, { latitude, longitude }, limit ?? NEAREST_LIMIT_DEFAULT);
    },
  );
};

export default placesRoutes;
