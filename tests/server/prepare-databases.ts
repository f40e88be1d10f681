// Run once by `npm run test:server` after the bundling and before tap: the test databases' snapshot
// and template (helpers.ts, prepareDatabases), so that no two test files build them side by side.
// It exits as soon as they are written: PGlite leaves a 10 s timer of its own behind.
import { prepareDatabases } from './helpers.js';

await prepareDatabases();
process.exit(0);
