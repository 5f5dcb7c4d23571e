import type { Page } from '@playwright/test';
import { test, expect, signIn, openScreen } from './fixtures';

// The system's reduce-motion setting (prefers-reduced-motion): with it on, a dialog opens and closes without
// antd's zoom animation and a toast appears without sliding in; with it off, both animate. The other specs run
// with it on (playwright.config.ts), a few with it off (test.use below in those files).

/** The animation classes (antd's motion: zoom, fade, move, slide) any element took while `act` ran. */
async function motionClassesDuring(page: Page, act: () => Promise<void>): Promise<string[]> {
  await page.evaluate(() => {
    const seen = new Set<string>();
    (window as unknown as { __motion: Set<string> }).__motion = seen;
    new MutationObserver((records) => {
      for (const r of records) {
        const el = r.target as Element;
        for (const c of el.classList ?? []) if (/^ant-(zoom|fade|move|slide)-/.test(c)) seen.add(c);
      }
    }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['class'], childList: true });
  });
  await act();
  return page.evaluate(() => [...(window as unknown as { __motion: Set<string> }).__motion]);
}

for (const setting of ['reduce', 'no-preference'] as const) {
  test.describe(`reduce motion: ${setting}`, () => {
    test.use({ reducedMotion: setting });

    test(`a dialog opens and closes ${setting === 'reduce' ? 'without' : 'with'} its animation`, async ({ page, host }) => {
      await signIn(page, host);
      await openScreen(page, host, '/system/post');
      const classes = await motionClassesDuring(page, async () => {
        await page.getByRole('button', { name: /新\s*增/ }).click();
        const dialog = page.getByRole('dialog');
        await expect(dialog).toBeVisible();
        await dialog.getByRole('button', { name: /取\s*消/ }).click();
        await expect(dialog).toBeHidden();
      });
      // the animating step of a motion is its -active class (a dialog's prepare step, which only places the zoom's
      // origin, runs either way)
      const animated = classes.filter((c) => c.endsWith('-active')).sort();
      if (setting === 'reduce') expect(animated).toEqual([]);
      else expect(animated).toContain('ant-zoom-appear-active');
      const toastAnimation = await page.evaluate(() => {
        const probe = document.createElement('div');
        probe.className = 'desk-toast';
        document.body.append(probe);
        const name = getComputedStyle(probe).animationName;
        probe.remove();
        return name;
      });
      expect(toastAnimation).toBe(setting === 'reduce' ? 'none' : 'desk-toast-in');
    });
  });
}
