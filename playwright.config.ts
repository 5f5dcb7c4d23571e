import { defineConfig } from '@playwright/test';

// End-to-end tests drive browser mode (`npm run web`) in Debian's Chromium:
// the real renderer, the real main services, the real embedded back end.
// The renderer must be built first (scripts/test-all.mjs runs electron-vite build).

// the hosts and back ends the tests start inherit it: the data layer refuses a query outside the transaction
// it is inside of (src-server/db/data-layer.ts GUARD)
process.env.SEO_TRANSACTION_GUARD = '1';

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // one retry: a 2-core machine under load occasionally loses a race in the
  // UI; a test that passes only on its retry is reported as flaky in npm test's
  // summary (scripts/test-all.mjs), never silently
  retries: 1,
  reporter: process.env.PW_JSON_REPORT
    ? [['list'], ['json', { outputFile: process.env.PW_JSON_REPORT }]]
    : [['list']],
  use: {
    viewport: { width: 1366, height: 820 },
    locale: 'zh-CN',
    // the system's reduce-motion setting on: no dialog, menu or message animations (src-renderer/themes/
    // reducedMotion.ts). Those animations were about a quarter of the run's CPU, all of it Chromium drawing
    // frames in software; tests/e2e/reduced-motion.spec.ts checks both settings, and the specs of the operator's
    // journey, the tabs and the side menu run with the animations on (their test.use)
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    trace: 'off',
    screenshot: 'off',
  },
});
