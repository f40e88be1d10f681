/**
 * simple-rest on /api, plus the two places where our API is not plain simple-rest:
 * several records are fetched one by one (no `?id=` list query) and deleted in one call.
 */
import type { BaseRecord, DataProvider } from '@refinedev/core';
import simpleRest from '@refinedev/simple-rest';
import { API_URL, http } from './http.js';

const rest = simpleRest(API_URL, http);

export const dataProvider: DataProvider = {
  ...rest,
  getMany: async ({ resource, ids, meta }) => {
    const records = await Promise.all(ids.map((id) => rest.getOne({ resource, id, meta })));
    return { data: records.map((record) => record.data) as never[] };
  },
  deleteMany: async ({ resource, ids }) => {
    await http.post(`${API_URL}/${resource}/delete`, { ids });
    return { data: ids.map((id) => ({ id }) as BaseRecord) as never[] };
  },
};
