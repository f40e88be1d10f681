import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

const API_TARGET = process.env.API_URL ?? 'http://127.0.0.1:3000';

// The server owns /api (REST and the notification websocket); the dev server only forwards it.
const proxy: Record<string, ProxyOptions> = {
  '/api': { target: API_TARGET, changeOrigin: true, ws: true },
};

/** Vendor code changes less often than ours: keep it in its own long-cached chunks. */
function vendorChunk(id: string): string | undefined {
  if (!id.includes('node_modules')) return undefined;
  if (/node_modules\/@refinedev\/antd\//.test(id)) return 'antd';
  if (/node_modules\/(@refinedev|@tanstack)\//.test(id)) return 'refine';
  if (/node_modules\/(antd|@ant-design|rc-[^/]+|@rc-component)\//.test(id)) return 'antd';
  if (/node_modules\/(react|react-dom|react-router|react-router-dom|scheduler)\//.test(id)) return 'react';
  if (/node_modules\/(i18next|react-i18next|dayjs)\//.test(id)) return 'i18n';
  return undefined;
}

export default defineConfig({
  root: fileURLToPath(new URL('./client', import.meta.url)),
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1600,
    rollupOptions: { output: { manualChunks: vendorChunk } },
  },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
});
