import { defineConfig } from 'vitest/config';

// Browser tests: the real server and built client, driven in the system's headless Chromium.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    // Two files at a time: a file waits on its browser most of the time (one at a time kept the two
    // cores a third busy); each file has its own server, database copy and Chromium on a free port.
    fileParallelism: true,
    maxWorkers: 2,
    minWorkers: 1,
    // A whole test, not a wait (waits have their own timeouts, below and in the harness), with room for
    // a loaded 2-core machine.
    testTimeout: 180_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Each worker process keeps the modules it loaded from one file to the next: loading the server's
    // sources through Vite's transform would cost every file seconds of CPU before its first test. Nothing of a file outlives it: each starts and stops
    // its own stack (harness.ts), and no test file changes process-wide state.
    isolate: false,
    // A loaded 2-core machine renders slowly: every expect.poll waits up to 15 s, not vitest's 1 s.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
