import { defineConfig } from 'vitest/config';

// Browser tests: the real server and built client, driven in the system's headless Chromium.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // A loaded 2-core machine renders slowly: every expect.poll waits up to 15 s, not vitest's 1 s.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
