/** The delivery list's per-user state: column choice merge/restore, saved searches, query mapping, totals. */
import { describe, expect, it } from 'vitest';
import {
  columnConfigBody,
  DEFAULT_HIDDEN,
  DELIVERY_COLUMNS,
  exportPath,
  mergeColumnConfig,
  moveColumn,
  restoreSearch,
  restoreState,
  searchToFilters,
  searchToQuery,
  setColumnVisible,
  visibleColumns,
} from '../../client/src/features/deliveries/state.js';
import { pageTotals } from '../../client/src/shared/deliveries/page-totals.js';

const TODAY = '2026-11-23';

describe('column choice', () => {
  it('is the default order with the default hidden columns when nothing was saved', () => {
    for (const saved of [undefined, null, 'x', [], 42]) {
      const config = mergeColumnConfig(saved);
      expect(config.order).toEqual([...DELIVERY_COLUMNS]);
      expect(config.hidden).toEqual([...DEFAULT_HIDDEN]);
    }
  });

  it('keeps a saved order, drops unknown and repeated names, and places a new column after the one it follows by default', () => {
    const columns = ['a', 'b', 'c', 'd'];
    const config = mergeColumnConfig({ order: ['c', 'zzz', 'a', 'c'], hidden: ['a', 'zzz'] }, columns, ['d']);
    // b follows a by default; d follows c (b is placed first, then d after c).
    expect(config.order).toEqual(['c', 'd', 'a', 'b']);
    // a was hidden by the user; b and d are new to the saved choice: their defaults (b shown, d hidden).
    expect(config.hidden).toEqual(['d', 'a']);
  });

  it('puts a new first column first', () => {
    expect(mergeColumnConfig({ order: ['b', 'a'], hidden: [] }, ['new', 'a', 'b'], []).order).toEqual(['new', 'b', 'a']);
  });

  it('keeps a default-hidden column shown when the saved choice showed it', () => {
    const config = mergeColumnConfig({ order: [...DELIVERY_COLUMNS], hidden: [] });
    expect(config.hidden).toEqual([]);
    expect(visibleColumns(config)).toEqual([...DELIVERY_COLUMNS]);
  });

  it('never restores a choice hiding every column', () => {
    expect(mergeColumnConfig({ order: ['a', 'b'], hidden: ['a', 'b'] }, ['a', 'b'], []).hidden).toEqual([]);
  });

  it('hides and shows, keeping the last visible column', () => {
    let config = { order: ['a', 'b', 'c'], hidden: ['c'] };
    config = setColumnVisible(config, 'a', false);
    expect(config.hidden).toEqual(['a', 'c']);
    expect(setColumnVisible(config, 'b', false)).toBe(config);
    expect(setColumnVisible(config, 'c', true).hidden).toEqual(['a']);
  });

  it('moves a column up and down, not past either end', () => {
    const config = { order: ['a', 'b', 'c'], hidden: [] };
    expect(moveColumn(config, 'b', -1).order).toEqual(['b', 'a', 'c']);
    expect(moveColumn(config, 'b', 1).order).toEqual(['a', 'c', 'b']);
    expect(moveColumn(config, 'a', -1)).toBe(config);
    expect(moveColumn(config, 'c', 1)).toBe(config);
    expect(moveColumn(config, 'nope', 1)).toBe(config);
  });
});

describe('saved search', () => {
  it('keeps the dates only on the day they were saved, and the other conditions always', () => {
    const saved = { date_from: '2026-11-20', date_to: '2026-11-22', driver_id: 4, status: [0, 1], q: ' ABC ', saved_on: '2026-11-22' };
    expect(restoreSearch(saved, '2026-11-22')).toEqual({ date_from: '2026-11-20', date_to: '2026-11-22', driver_id: 4, status: [0, 1], q: 'ABC' });
    expect(restoreSearch(saved, TODAY)).toEqual({ date_from: TODAY, date_to: TODAY, driver_id: 4, status: [0, 1], q: 'ABC' });
  });

  it('drops malformed values and a range the list would refuse', () => {
    const restored = restoreSearch(
      {
        date_from: '2026-10-01',
        date_to: '2026-11-23',
        saved_on: TODAY,
        department_id: -1,
        delivery_company_id: '3',
        vehicle_allocation_id: 2.5,
        status: [0, 7, 'x', 0],
        delivery_delay_status: 'all',
        q: '   ',
      },
      TODAY,
    );
    expect(restored).toEqual({ date_from: TODAY, date_to: TODAY, status: [0] });
  });

  it('maps to the API query: both dates, repeated lists, no empty conditions', () => {
    const search = { date_from: '2026-11-01', date_to: '2026-11-02', department_id: 7, status: [1, 2], delivery_delay_status: [], q: '  伝票 ' };
    expect(searchToQuery(search)).toEqual([
      ['date_from', '2026-11-01'],
      ['date_to', '2026-11-02'],
      ['department_id', '7'],
      ['status', '1'],
      ['status', '2'],
      ['q', '伝票'],
    ]);
    expect(searchToFilters(search)).toEqual([
      { field: 'date_from', operator: 'eq', value: '2026-11-01' },
      { field: 'date_to', operator: 'eq', value: '2026-11-02' },
      { field: 'department_id', operator: 'eq', value: '7' },
      { field: 'status', operator: 'eq', value: ['1', '2'] },
      { field: 'q', operator: 'eq', value: '伝票' },
    ]);
    expect(exportPath({ date_from: TODAY, date_to: TODAY, delivery_delay_status: [1] }, 'sjis')).toBe(
      '/delivery/export?date_from=2026-11-23&date_to=2026-11-23&delivery_delay_status=1&encoding=sjis',
    );
  });
});

describe('restoring the state', () => {
  const server = { delivery: { order: ['slip_number', 'date'], hidden: ['date'], search: { q: 'server', saved_on: TODAY } } };

  it('after a logout (no browser keys) restores the server copy', () => {
    const { columns, search } = restoreState({ server }, TODAY);
    expect(columns.order.indexOf('slip_number')).toBeLessThan(columns.order.indexOf('date'));
    expect(columns.order).toHaveLength(DELIVERY_COLUMNS.length);
    expect(columns.hidden).toContain('date');
    expect(search.q).toBe('server');
  });

  it('prefers this browser: the cookie, check-hide and delivery-search over the server copy', () => {
    const { columns, search } = restoreState(
      {
        server,
        cookie: { delivery: { order: [...DELIVERY_COLUMNS], hidden: [] } },
        checkHide: ['slip_number'],
        localSearch: { q: 'local', saved_on: TODAY },
      },
      TODAY,
    );
    expect(columns.order.indexOf('date')).toBeLessThan(columns.order.indexOf('slip_number'));
    expect(columns.hidden).toEqual(['slip_number']);
    expect(search.q).toBe('local');
  });

  it('reads check-hide alone as the full list of hidden columns', () => {
    const { columns } = restoreState({ checkHide: ['weight'] }, TODAY);
    expect(columns.order).toEqual([...DELIVERY_COLUMNS]);
    expect(columns.hidden).toEqual(['weight']);
  });

  it('is the default with nothing stored', () => {
    const { columns, search } = restoreState({}, TODAY);
    expect(columns.hidden).toEqual([...DEFAULT_HIDDEN]);
    expect(search).toEqual({ date_from: TODAY, date_to: TODAY });
  });

  it('round-trips through the body it saves on the server', () => {
    const columns = moveColumn(setColumnVisible(mergeColumnConfig(undefined), 'weight', false), 'slip_number', -1);
    const search = { date_from: TODAY, date_to: TODAY, status: [0] };
    const restored = restoreState({ server: columnConfigBody(columns, search, TODAY) }, TODAY);
    expect(restored.columns).toEqual(columns);
    expect(restored.search).toEqual(search);
  });
});

describe('page totals', () => {
  it('adds quantities per load unit, weights and volumes, ignoring missing values', () => {
    const totals = pageTotals([
      { quantity: 2, load_unit: 0, weight: 10.1, volume: 0.2 },
      { quantity: 3, load_unit: 1, weight: null, volume: 0.1 },
      { quantity: 4, load_unit: 0, weight: 20.2, volume: null },
    ]);
    expect(totals).toEqual({ quantity: { '0': 6, '1': 3 }, weight: 30.3, volume: 0.3 });
    expect(pageTotals([])).toEqual({ quantity: {}, weight: 0, volume: 0 });
  });
});
