/**
 * simple-rest on /api, plus the two places where our API is not plain simple-rest:
 * several records are one list request (`?id=1&id=2`, paged like any list, so the page is
 * as long as the ids) and several are deleted in one call.
 */
import type { BaseRecord, DataProvider } from '@refinedev/core';
import simpleRest, { stringify } from '@refinedev/simple-rest';
import { API_URL, http } from './http.js';

const rest = simpleRest(API_URL, http);

export const dataProvider: DataProvider = {
  ...rest,
  getMany: async ({ resource, ids }) => {
    if (ids.length === 0) return { data: [] };
    const query = stringify({ id: ids, _start: 0, _end: ids.length });
    const { data } = await http.get<BaseRecord[]>(`${API_URL}/${resource}?${query}`);
    return { data: data as never[] };
  },
  deleteMany: async ({ resource, ids }) => {
    await http.post(`${API_URL}/${resource}/delete`, { ids });
    return { data: ids.map((id) => ({ id }) as BaseRecord) as never[] };
  },
};
