// The server as `npm start` runs it (WORKERS processes, server/cluster.ts), without building the client:
// what the tests of several processes spawn (servers.ts).
import { startProcesses } from '../../server/cluster.js';
import { startServer } from '../../server/server.js';

await startProcesses(startServer);
