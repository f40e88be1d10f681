import { OPERATION_STEPS, OPERATION_TIME } from '../../common/masters/index.js';
import { DELIVERY_TYPE, LEVEL } from '../../common/enums.js';
import { minutesOf } from '../../common/time.js';
import type { FieldErrors } from '../errors.js';
import { fieldsOf, type MasterContext, type MasterDefinition, type Values } from './definition.js';
import { lookup } from './display.js';
import { departmentRef } from './refs.js';
import { departmentScope } from '../auth/scope.js';

/** Defaults for a new center, per delivery type; planners adjust them on the operation time screen. */
const DEFAULT_TIMES: Record<number, Record<(typeof OPERATION_STEPS)[number], string>> = {
  [DELIVERY_TYPE.betweenCenters]: { work_start: '05:00', loading_start: '06:00', departure: '08:00', work_end: '17:00' },
  [DELIVERY_TYPE.storeDirect]: { work_start: '06:00', loading_start: '07:00', departure: '09:00', work_end: '18:00' },
};

async function checkSteps(ctx: MasterContext, values: Values): Promise<FieldErrors> {
  for (let i = 1; i < OPERATION_STEPS.length; i++) {
    const before = minutesOf(String(values[OPERATION_STEPS[i - 1]!] ?? ''));
    const after = minutesOf(String(values[OPERATION_STEPS[i]!] ?? ''));
    if (before !== null && after !== null && after <= before) return { [OPERATION_STEPS[i]!]: ctx.t('errors.endAfterStart') };
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
  ...OPERATION_TIME,
  table: 'operation_times',
  key: ['department_id', 'delivery_type'],
  fields: fieldsOf(OPERATION_TIME.fields, { department_id: departmentRef() }),
  search: [],
  sorts: ['id', 'department_id', 'department_name', 'delivery_type', ...OPERATION_STEPS, 'updated_at'],
  filters: ['department_id', 'delivery_type'],
  csvColumns: ['department_code', 'delivery_type', ...OPERATION_STEPS],
  references: [],
  scope: (actor) => departmentScope(actor, 'operation_times.department_id'),
  displayColumns: { department_name: lookup('department_id', 'departments') },
  check: checkSteps,
};
