// Run instead of tests/saber or tests/sword when the stock console's public source is absent
// (playwright.saber.config.ts, playwright.sword.config.ts): one skipped test whose reason is the line the
// config said, which names the upstream repository and commit to get.
import { test } from '@playwright/test';

test('stock console source', ({}, info) => {
  test.skip(true, String(info.config.metadata.missing));
});
