import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { type Plugin, defineConfig } from 'vite';
import { LEARNER_INITIAL_JS_BUDGET_BYTES, bundleBudget } from './build/bundle-budget.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * In development, every /admin path gets the console's HTML, as the API does in production
 * (apps/api/src/platform/web.ts); Vite's own fallback only knows the root index.html.
 */
function consoleHistoryFallback(): Plugin {
  return {
    name: 'heed-console-history-fallback',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const url = req.url ?? '';
        const path = url.split('?')[0] ?? '';
        const isPage = req.method === 'GET' && !path.includes('.') && (req.headers.accept ?? '').includes('text/html');
        if (isPage && (path === '/admin' || path.startsWith('/admin/'))) req.url = '/admin/index.html';
        next();
      });
    },
  };
}

/** Two single-page apps from one build: the learner side (index.html) and the console (admin/index.html). */
export default defineConfig({
  base: '/',
  plugins: [
    react(),
    consoleHistoryFallback(),
    bundleBudget('admin/index.html'),
    bundleBudget('web/index.html', LEARNER_INITIAL_JS_BUDGET_BYTES),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      input: {
        portal: here('index.html'),
        admin: here('admin/index.html'),
      },
      output: {
        // Stable, named chunks for what every page needs; everything else splits by lazy route.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: { '/api': { target: process.env.HEED_API_URL ?? 'http://127.0.0.1:3000', changeOrigin: false } },
  },
});
