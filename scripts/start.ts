// `npm start`: builds the client when its build is missing or older than its sources, then serves
// it (compressed, hashed assets cached for good; see server/app.ts).
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { startProcesses } from '../server/cluster.js';
import { ConfigError } from '../server/config.js';
import { startServer } from '../server/server.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const BUILD = path.join(ROOT, 'client', 'dist', 'index.html');
const SOURCES = ['client/src', 'client/index.html', 'common', 'vite.config.ts'];

function newestSource(entry: string): number {
  const full = path.join(ROOT, entry);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(full).map((name) => newestSource(path.join(entry, name))));
}

if (!existsSync(BUILD) || statSync(BUILD).mtimeMs < Math.max(...SOURCES.map(newestSource))) {
  console.log('Building the client…');
  // Always the production build: Vite builds React's development bundle when NODE_ENV says so.
  execSync('npx vite build --mode production', { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}

startProcesses(startServer).catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
