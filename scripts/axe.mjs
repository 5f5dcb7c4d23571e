// axe-core (Deque's accessibility engine) in a Playwright page: its WCAG 2 A and AA rules on what the page shows.
// Used by tests/e2e/accessibility.spec.ts (this console) and scripts/bench-accessibility.mjs (beside Saber 4.9).
// Injected through the DevTools protocol (page.evaluate of its source): the console's CSP allows no inline script.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const source = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The WCAG 2 A / AA violations on the page as it is now: [{ id, impact, help, nodes: [{ target, summary }] }]. */
export async function axeViolations(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(source);
  return page.evaluate(async () => {
    const r = await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] }, resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target.map(String), summary: n.failureSummary ?? '' })) }));
  });
}

/** The serious and critical ones, one line per element (what the e2e test asserts is empty). */
export function seriousOrWorse(violations) {
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.impact} ${v.id}: ${n.target.join(' ')} (${n.summary.replace(/\s+/g, ' ').slice(0, 200)})`));
}

/** Per impact, the number of elements in violation, and the rules of the serious and critical ones. */
export function tally(violations) {
  const count = { critical: 0, serious: 0, moderate: 0, minor: 0 };
  const rules = new Set();
  for (const v of violations) {
    count[v.impact ?? 'minor'] += v.nodes.length;
    if (v.impact === 'serious' || v.impact === 'critical') rules.add(v.id);
  }
  return { ...count, rules: [...rules].sort() };
}
