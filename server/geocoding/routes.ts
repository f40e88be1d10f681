import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '../errors.js';
import { createGeocoder, GeocoderUnavailable } from './index.js';
import { geocodeSchema } from './schemas.js';

/** GET /api/geocode?address=…: the "get latitude/longitude" button of the destination screens. */
const geocodeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const geocoder = createGeocoder(app.config);
  app.get(
    '/geocode',
    {
      schema: geocodeSchema,
      config: { permission: { area: 'delivery_destination', action: 'list' } },
    },
    async (request) => {
      const address = request.query.address?.trim();
      if (!address) throw new AppError(400, 'errors.addressEmpty', {}, { address: request.t('errors.addressEmpty') });
      try {
        const found = await geocoder.geocode(address);
        if (!found) throw new AppError(422, 'errors.addressNotFound', {}, { address: request.t('errors.addressNotFound') });
        return found;
      } catch (error) {
        if (error instanceof GeocoderUnavailable) {
          request.log.warn(error.message);
          throw new AppError(503, 'errors.geocoderUnavailable');
        }
        throw error;
      }
    },
  );
};

export default geocodeRoutes;
