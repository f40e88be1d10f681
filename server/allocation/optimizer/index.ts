// The vehicle-routing optimizer (docs/optimizer.md): `solve` plans a day in a worker thread;
// `optimize` does the same in the calling thread; `checkPlan` verifies a plan against its problem.
export { checkPlan } from './check.js';
export { optimize } from './engine.js';
export type { Plan, Problem, Vehicle } from './model.js';
export { readSolomon } from './solomon.js';
export { solve } from './solve.js';
