import { defineConfig } from '@playwright/test';
import base from './playwright.config';
import { saberSourceMissing } from './scripts/saber.mjs';

// Saber 4.9 (the stock console) against `npm run server`: tests/saber. Its own
// step of `npm test` (scripts/test-all.mjs) after `node scripts/saber.mjs build`.
const missing = saberSourceMissing();
// said once, by the runner (its workers load this file too)
if (missing && !process.env.TEST_WORKER_INDEX) console.log(missing);

export default defineConfig({
  ...base,
  // without the console's public source (scripts/saber.mjs says where it comes from): one line, and one skipped test
  ...(missing ? { testDir: 'tests/stock-consoles', testMatch: 'source-absent.spec.ts', metadata: { missing } } : { testDir: 'tests/saber' }),
  timeout: 90_000,
  // its own folder: it runs beside the end-to-end run (scripts/test-all.mjs), and a run empties its output folder
  outputDir: 'test-results-saber',
  use: { ...base.use, viewport: { width: 1440, height: 900 }, actionTimeout: 10_000, screenshot: 'only-on-failure' },
});
