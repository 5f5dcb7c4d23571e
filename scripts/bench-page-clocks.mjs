// The clocks the console benchmarks (bench-consoles.mjs) read in the page itself:
// when the login page is ready and its form shown, and the first frame after a
// click that shows a new table row; and the CPU slowdown of a page.
export async function throttled(context, page, rate) {
  if (rate === 1) return;
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

/**
 * The login page's ready clock, installed before the page's own scripts: the page itself records the first moment
 * `ready()` holds (checked after every DOM change and every load event), so the figure does not include the
 * driver's round trips (Playwright noticing the state, then asking for the time: 10-40 ms each, added to both
 * consoles alike, which pulls the faster one's ratio towards 1). The driver only waits for the clock to have
 * seen it (readLoginClock).
 */
const READY = {
  ours: () => {
    const img = document.querySelector('[data-testid="captcha-image"]');
    return !!document.querySelector('body[data-app-state="ready"] form button[type="submit"]:not([disabled])') && !!img && img.complete;
  },
  saber: () =>
    [...document.querySelectorAll('button')].some((b) => b.textContent.replace(/\s+/g, '').includes('登录') && b.checkVisibility()) &&
    [...document.querySelectorAll('.login-code-img, img')].some((i) => i.complete && i.naturalWidth > 0 && /captcha|data:image/.test(i.src)),
};

/**
 * The login form shown: its account field in the page and visible (this console's is in index.html's login frame;
 * Saber's comes with its login page's code, after a loading screen). Reported as the later of that moment and the
 * first paint, as nothing is seen before the first paint.
 */
const FORM = {
  ours: () => !!document.querySelector('input[name="username"]')?.checkVisibility(),
  saber: () => !!document.querySelector('input[placeholder="请输入账号"]')?.checkVisibility(),
};

/** runs in the page: records in window.__benchAt[name] the first moment each condition holds */
function readyClock(conditions) {
  const w = window;
  const at = (w.__benchAt = {});
  const check = () => {
    let left = 0;
    for (const [name, holds] of Object.entries(conditions)) {
      if (!at[name] && holds()) at[name] = performance.now();
      if (!at[name]) left++;
    }
    if (left) return;
    observer.disconnect();
    document.removeEventListener('load', check, true);
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  document.addEventListener('load', check, true);
}

export async function armReadyClock(page, kind) {
  // as source text: injected by the DevTools protocol, no eval in the page (this console's CSP forbids it)
  await page.addInitScript({ content: `(${readyClock.toString()})({ ready: ${READY[kind].toString()}, form: ${FORM[kind].toString()} });` });
}

/** waits until the page's clock has seen it ready and its form shown; its paint, ready and form-shown times */
export async function readLoginClock(page) {
  await page.waitForFunction(() => window.__benchAt?.ready && window.__benchAt?.form);
  const { at, paint } = await page.evaluate(() => ({ at: window.__benchAt, paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN }));
  if (!at?.ready || !at.form) throw new Error(`the login clock did not see the page ready and its form shown: ${JSON.stringify(at)}`);
  return { paint, ready: at.ready, form: Math.max(at.form, paint) };
}

/**
 * installs the frame clock: records the click (pointerdown) and the first animation frame after it in which a
 * row matching `selector` is visible that was not visible before the click (a new screen's row, or a hidden
 * kept-alive screen's row shown again by a tab switch)
 */
export async function armFrameClock(page, selector) {
  await page.evaluate((sel) => {
    const w = window;
    const before = new Set([...document.querySelectorAll(sel)].filter((r) => r.checkVisibility()));
    w.__bench = { click: 0, shown: 0 };
    const tick = () => {
      for (const r of document.querySelectorAll(sel)) {
        if (!before.has(r) && r.checkVisibility()) {
          w.__bench.shown = performance.now();
          return;
        }
      }
      requestAnimationFrame(tick);
    };
    addEventListener(
      'pointerdown',
      () => {
        w.__bench.click = performance.now();
        requestAnimationFrame(tick);
      },
      { capture: true, once: true },
    );
  }, selector);
}

export async function readFrameClock(page, timeout = 20_000) {
  await page.waitForFunction(() => window.__bench.shown > 0, null, { timeout });
  return page.evaluate(() => window.__bench.shown - window.__bench.click);
}
