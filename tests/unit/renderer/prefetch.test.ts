// The idle prefetcher's order (remembered tabs, the side menu shown, the rest of
// the user's menus; screens only, each once, the home page never) and its
// scheduler (jobs start only in idle callbacks, at most two at a time, none
// within 300 ms of the operator's last input, failures dropped, stop cancels).
import { describe, expect, it } from 'vitest';
import type { MenuNode } from '../../../src-shared/wire';
import { runWhenIdle, type IdleHost } from '../../../src-renderer/prefetch/idle';
import { addPrepared, heavyLast, prefetchOrder, prepareOrder, PREPARED_LIMIT, screenPaths } from '../../../src-renderer/prefetch/plan';

let ids = 0;
const node = (path: string, sort: number, children: MenuNode[] = [], category = 1): MenuNode => ({
  id: String(++ids), parentId: '0', code: path, name: path, alias: path, path, source: '', sort, category, action: 0, isOpen: 1, children,
});

const system = node('/system', 2, [node('/system/user', 2, [node('/system/user/add', 1, [], 2)]), node('/system/menu', 1), node('/system/param', 3)]);
const site = node('/site', 1, [node('/site/websiteInfo', 1), node('/site/websiteGroup', 2)]);
const home = node('/wel', 0, [node('/wel/index', 1)]);

describe('prefetchOrder', () => {
  it('lists screens depth first in menu order, skipping groups and buttons', () => {
    expect(screenPaths([system, site, home])).toEqual(['/wel/index', '/site/websiteInfo', '/site/websiteGroup', '/system/menu', '/system/user', '/system/param']);
  });

  it('puts the remembered tabs first, then the side menu shown, then the rest, each once and never the home page', () => {
    const order = prefetchOrder(['/system/param', '/wel/index', '/system/param'], [system], [home, site, system], '/wel/index');
    expect(order).toEqual(['/system/param', '/system/menu', '/system/user', '/site/websiteInfo', '/site/websiteGroup']);
  });

  it('moves the screens whose code is heavy (the site dashboard\'s charts) after every other, keeping both orders', () => {
    const order = heavyLast([{ p: 'a' }, { p: 'chart', heavy: true }, { p: 'b' }, { p: 'chart2', heavy: true }, { p: 'c' }]);
    expect(order.map((s) => s.p)).toEqual(['a', 'b', 'c', 'chart', 'chart2']);
  });

  it('uses every menu when no top menu narrowed the side menu', () => {
    expect(prefetchOrder([], null, [system, site], '/wel/index')).toEqual(['/site/websiteInfo', '/site/websiteGroup', '/system/menu', '/system/user', '/system/param']);
  });
});

/** a hand-driven idle host: idle callbacks run when the test says so */
function fakeHost() {
  const queue: (() => void)[] = [];
  let now = 10_000;
  let last = 0;
  const host: IdleHost = {
    whenIdle(run) {
      queue.push(run);
      return () => {
        const i = queue.indexOf(run);
        if (i >= 0) queue.splice(i, 1);
      };
    },
    now: () => now,
    lastInput: () => last,
  };
  return {
    host,
    queue,
    /** runs the idle callbacks queued now */
    idle() {
      for (const run of queue.splice(0)) run();
    },
    input(at = now) {
      last = at;
    },
    advance(ms: number) {
      now += ms;
    },
  };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('runWhenIdle', () => {
  it('starts jobs only in idle callbacks, two at a time, in order, and finishes after the last', async () => {
    const f = fakeHost();
    const started: number[] = [];
    const release: (() => void)[] = [];
    const jobs = [0, 1, 2, 3].map((i) => () => new Promise<void>((r) => (started.push(i), release.push(r))));
    const run = runWhenIdle(jobs, f.host);
    expect(started).toEqual([]);
    f.idle();
    expect(started).toEqual([0]);
    f.idle();
    expect(started).toEqual([0, 1]);
    f.idle(); // two are running: nothing more is queued
    expect(started).toEqual([0, 1]);
    release.shift()!();
    await tick();
    f.idle();
    expect(started).toEqual([0, 1, 2]);
    release.splice(0).forEach((r) => r());
    await tick();
    f.idle();
    expect(started).toEqual([0, 1, 2, 3]);
    release.splice(0).forEach((r) => r());
    let finished = false;
    void run.done.then(() => (finished = true));
    await tick();
    await tick();
    expect(finished).toBe(true);
  });

  it('waits while the operator has just used the pointer or the keyboard', () => {
    const f = fakeHost();
    const started: number[] = [];
    runWhenIdle([async () => void started.push(0)], f.host);
    f.input();
    f.idle();
    expect(started).toEqual([]);
    expect(f.queue.length).toBe(1); // asked again for the next idle time
    f.advance(299);
    f.idle();
    expect(started).toEqual([]);
    f.advance(2);
    f.idle();
    expect(started).toEqual([0]);
  });

  it('drops a failing job and goes on; stop cancels what is queued', async () => {
    const f = fakeHost();
    const started: number[] = [];
    const run = runWhenIdle(
      [async () => {
        started.push(0);
        throw new Error('offline');
      }, async () => void started.push(1), async () => void started.push(2)],
      f.host,
      { parallel: 1 },
    );
    f.idle();
    await tick();
    f.idle();
    expect(started).toEqual([0, 1]);
    await tick();
    run.stop();
    expect(f.queue.length).toBe(0);
    f.idle();
    expect(started).toEqual([0, 1]);
    await run.done;
  });
});

describe('prepareOrder and addPrepared (screens prepared when a side-menu group is opened by hand)', () => {
  const lists = new Set(['/system/user', '/system/menu', '/system/param']);
  const preparable = (p: string) => lists.has(p);

  it('takes the group\'s list screens in menu order, leaving out the open pages, the prepared ones and other screens', () => {
    expect(prepareOrder(system, [], [], preparable)).toEqual(['/system/menu', '/system/user', '/system/param']);
    expect(prepareOrder(system, ['/wel/index', '/system/user'], ['/system/menu'], preparable)).toEqual(['/system/param']);
    expect(prepareOrder(system, [], [], (p) => p === '/system/param')).toEqual(['/system/param']);
    expect(prepareOrder(node('/empty', 9), [], [], preparable)).toEqual([]);
  });

  it('adds a screen last, once, and drops the oldest beyond the limit', () => {
    expect(addPrepared(['/a', '/b'], '/c')).toEqual(['/a', '/b', '/c']);
    expect(addPrepared(['/a', '/b'], '/a')).toEqual(['/b', '/a']);
    expect(addPrepared(['/a', '/b', '/c'], '/d', 3)).toEqual(['/b', '/c', '/d']);
    const many = Array.from({ length: PREPARED_LIMIT }, (_, i) => `/s${i}`);
    const next = addPrepared(many, '/new');
    expect(next).toHaveLength(PREPARED_LIMIT);
    expect(next[0]).toBe('/s1');
    expect(next.at(-1)).toBe('/new');
  });
});
