// The vehicle-routing optimizer (docs/optimizer.md): `solve` plans a day in a worker thread;
// `optimize` does the same in the calling thread; `checkPlan` verifies a plan against its problem.
export { checkPlan, type Check } from './check.js';
export { optimize } from './engine.js';
export { problemErrors } from './instance.js';
export type { Job, LateJob, Plan, PinnedTrip, Problem, Progress, Route, Stop, Trip, Vehicle, Weights } from './model.js';
export { readSolomon, type Benchmark } from './solomon.js';
export { solve, type SolveOptions } from './solve.js';
export type { Travel, TravelSpec } from './travel.js';
