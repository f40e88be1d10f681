// `npm start`: serves the build (`node scripts/build.mjs --if-stale` brings it up to date first; see
// package.json): this bundle and the built client in build/client (compressed, hashed assets cached for
// good; see server/app.ts).
import path from 'node:path';
import { startProcesses } from '../server/cluster.js';
import { ConfigError } from '../server/config.js';
import { startServer } from '../server/server.js';

const CLIENT_DIR = path.resolve(import.meta.dirname, '..', 'build', 'client');

startProcesses(() => startServer({ clientDir: CLIENT_DIR })).catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
