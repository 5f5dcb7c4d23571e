import { describe, expect, it } from 'vitest';
import { decide, HOME_PATH, settle } from '../../../src-renderer/router/guard';

const known = new Set(['/system/param', '/system/user']);
const run = (path: string, loggedIn: boolean, locked = false) => decide({ path, loggedIn, locked, isKnown: (p) => known.has(p) });

describe('navigation guard', () => {
  it('sends every authenticated route to the lock page while locked', () => {
    expect(run('/system/param', true, true)).toEqual({ kind: 'redirect', to: '/lock' });
    expect(run('/login', true, true)).toEqual({ kind: 'redirect', to: '/lock' });
    expect(run('/lock', true, true)).toEqual({ kind: 'render', tab: false });
  });

  it('redirects a signed-in user away from /login to /', () => {
    expect(run('/login', true)).toEqual({ kind: 'redirect', to: '/' });
  });

  it('redirects / and /wel to the welcome page', () => {
    expect(run('/', true)).toEqual({ kind: 'redirect', to: HOME_PATH });
    expect(run('/wel', true)).toEqual({ kind: 'redirect', to: HOME_PATH });
    expect(run('/', false)).toEqual({ kind: 'redirect', to: HOME_PATH });
  });

  it('sends visitors without a session to /login for anything needing auth', () => {
    expect(run(HOME_PATH, false)).toEqual({ kind: 'redirect', to: '/login' });
    expect(run('/system/param', false)).toEqual({ kind: 'redirect', to: '/login' });
    expect(run('/no/such/page', false)).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('lets anyone open the public routes, which are never tabs', () => {
    for (const path of ['/login', '/404', '/403', '/500']) expect(run(path, false)).toEqual({ kind: 'render', tab: false });
    for (const path of ['/404', '/403', '/500']) expect(run(path, true)).toEqual({ kind: 'render', tab: false });
  });

  it('does not show the lock page when nothing is locked', () => {
    expect(run('/lock', false)).toEqual({ kind: 'redirect', to: '/login' });
    expect(run('/lock', true)).toEqual({ kind: 'redirect', to: '/' });
  });

  it('opens menu and static pages as tabs, unknown paths go to /404', () => {
    expect(run('/system/param', true)).toEqual({ kind: 'render', tab: true });
    expect(run('/system/param/', true)).toEqual({ kind: 'render', tab: true });
    expect(run(HOME_PATH, true)).toEqual({ kind: 'render', tab: true });
    expect(run('/no/such/page', true)).toEqual({ kind: 'redirect', to: '/404' });
  });

  it('sends a screen of the console the user holds no grant for to /403, not /404', () => {
    const screens = new Set(['/system/param', '/system/user', '/system/menu']);
    const at = (path: string) => decide({ path, loggedIn: true, locked: false, isKnown: (p) => known.has(p), isScreen: (p) => screens.has(p) });
    expect(at('/system/menu')).toEqual({ kind: 'redirect', to: '/403' });
    expect(at('/system/param')).toEqual({ kind: 'render', tab: true });
    expect(at('/no/such/page')).toEqual({ kind: 'redirect', to: '/404' });
    // signed out, it is still the login page
    expect(decide({ path: '/system/menu', loggedIn: false, locked: false, isKnown: () => false, isScreen: (p) => screens.has(p) })).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('settles a start where the redirects lead, the path itself when it renders', () => {
    const at = (path: string, loggedIn: boolean, locked = false) => settle({ path, loggedIn, locked, isKnown: (p) => known.has(p) });
    expect(at('/', false)).toBe('/login'); // '/' -> /wel/index -> /login
    expect(at('', false)).toBe('/login');
    expect(at('/system/param/', false)).toBe('/login');
    expect(at('/login', false)).toBe('/login');
    expect(at('/lock', false)).toBe('/login');
    expect(at('/profiles', false)).toBe('/profiles');
    expect(at('/', true)).toBe(HOME_PATH);
    expect(at('/login', true)).toBe(HOME_PATH); // /login -> / -> /wel/index
    expect(at('/system/param', true)).toBe('/system/param');
    expect(at('/no/such/page', true)).toBe('/404');
    expect(at('/system/param', true, true)).toBe('/lock');
  });
});
