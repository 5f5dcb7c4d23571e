import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

// main and preload are bundled for Electron; native modules and other
// dependencies stay external (electron-vite's default). The renderer is a
// plain Vite React app; `npm run web` serves the same build in a browser.
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // keyword-worker: the keyword preview's worker thread, loaded from beside index.js (src-main/services/KeywordFiles.ts)
      rollupOptions: { input: { index: resolve('src-main/index.ts'), 'keyword-worker': resolve('src-main/services/keywordPreview.worker.ts') } },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rollupOptions: { input: { index: resolve('src-preload/index.ts') }, output: { format: 'cjs' } },
    },
  },
  renderer: {
    root: 'src-renderer',
    base: './',
    build: {
      // electron-vite leaves the renderer unminified by default; the login
      // page's budget (docs/benchmarks.md) needs it minified
      minify: true,
      outDir: resolve('out/renderer'),
      rollupOptions: { input: { index: resolve('src-renderer/index.html') } },
    },
    plugins: [react()],
  },
});
