import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Client unit tests. Pure modules run in node; a test that needs a DOM says so with
// a `// @vitest-environment jsdom` comment on its first line.
export default defineConfig({
  plugins: [react()],
  test: {
    include: ['tests/client/**/*.test.{ts,tsx}'],
    environment: 'node',
  },
});
