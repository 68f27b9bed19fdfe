/** Serves the component gallery (pnpm --filter @econdata/ui gallery). */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  cacheDir: fileURLToPath(new URL('../node_modules/.vite-gallery', import.meta.url)),
  plugins: [react()],
  server: { host: '127.0.0.1' },
  // Named up front so the first page load does not discover them one by one and reload.
  optimizeDeps: { include: ['react', 'react-dom/client', 'react/jsx-dev-runtime', '@fluentui/react-components', '@fluentui/react-icons'] },
  logLevel: 'warn',
});
