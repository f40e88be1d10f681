import { DELIVERY_TYPE, LEVEL } from '../../common/enums.js';
import { minutesOf } from '../../common/time.js';
import type { FieldErrors } from '../errors.js';
import { timeField } from './common-fields.js';
import type { MasterContext, MasterDefinition, Values } from './definition.js';
import { lookup } from './display.js';
import { departmentRef } from './refs.js';
import { departmentScope } from '../auth/scope.js';

/** The day of a center, in order: work starts, loading starts, trucks leave, work ends. */
const STEPS = ['work_start', 'loading_start', 'departure', 'work_end'] as const;

/** Defaults for a new center, per delivery type; planners adjust them on the operation time screen. */
const DEFAULT_TIMES: Record<number, Record<(typeof STEPS)[number], string>> = {
  [DELIVERY_TYPE.betweenCenters]: { work_start: '05:00', loading_start: '06:00', departure: '08:00', work_end: '17:00' },
  [DELIVERY_TYPE.storeDirect]: { work_start: '06:00', loading_start: '07:00', departure: '09:00', work_end: '18:00' },
};

async function checkSteps(ctx: MasterContext, values: Values): Promise<FieldErrors> {
  for (let i = 1; i < STEPS.length; i++) {
    const before = minutesOf(String(values[STEPS[i - 1]!] ?? ''));
    const after = minutesOf(String(values[STEPS[i]!] ?? ''));
    if (before !== null && after !== null && after <= before) return { [STEPS[i]!]: ctx.t('errors.endAfterStart') };
  }
  return {};
}

/** Every center has its operation times: created with defaults when a center appears. */
export async function ensureOperationTimes(ctx: MasterContext, departmentId: number, values: Values) {
  if (values.level !== LEVEL.center) return;
  for (const [deliveryType, times] of Object.entries(DEFAULT_TIMES)) {
    await ctx.db
      .insertInto('operation_times')
      .values({ department_id: departmentId, delivery_type: Number(deliveryType), ...times, created_by: ctx.actor.id, updated_by: ctx.actor.id })
      .onConflict((oc) => oc.columns(['department_id', 'delivery_type']).where('deleted_at', 'is', null).doNothing())
      .execute();
  }
}

export const operationTimeMaster: MasterDefinition = {
  resource: 'operation_time',
  table: 'operation_times',
  area: 'operation_time',
  i18n: 'operationTimes',
  key: ['department_id', 'delivery_type'],
  actions: ['list', 'show', 'edit', 'import'],
  fields: [
    { name: 'department_id', type: 'integer', required: true, ref: departmentRef() },
    { name: 'delivery_type', type: 'integer', required: true, range: { min: 0, max: 2 } },
    ...STEPS.map((step) => timeField(step, true)),
  ],
  search: [],
  sorts: ['id', 'department_id', 'department_name', 'delivery_type', ...STEPS, 'updated_at'],
  filters: ['department_id', 'delivery_type'],
  csvColumns: ['department_code', 'delivery_type', ...STEPS],
  references: [],
  scope: (actor) => departmentScope(actor, 'operation_times.department_id'),
  displayColumns: { department_name: lookup('department_id', 'departments') },
  check: checkSteps,
};
