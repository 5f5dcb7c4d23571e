// The console window's security decisions (src-main/security.ts), which
// src-main/electron/window.ts wires into Electron: isolation and sandbox,
// navigation locked to the app, new windows refused (http(s) to the OS
// browser), permissions denied, the strict CSP on the console's responses.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  BOOT_SCRIPT_HASH,
  META_CSP,
  PAGE_CSP,
  appUrlOf,
  isHttpUrl,
  navigationAllowed,
  permissionAllowed,
  responseHeadersFor,
  secureWebPreferences,
  windowOpenDecision,
} from '../../../src-main/security';

const APP = appUrlOf('/opt/SEO Matrix Console/resources/app.asar/out/renderer/index.html');

describe('console window hardening', () => {
  it('the page is isolated and sandboxed, with no Node anywhere and no <webview>', () => {
    expect(secureWebPreferences('/p/preload.cjs', 'persist:profile-local')).toEqual({
      preload: '/p/preload.cjs',
      partition: 'persist:profile-local',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
    });
  });

  it('navigation stays inside the app (built and dev server)', () => {
    expect(APP).toBe('file:///opt/SEO%20Matrix%20Console/resources/app.asar/out/renderer/');
    expect(navigationAllowed(`${APP}index.html#/system/param`, APP)).toBe(true);
    for (const url of [
      'https://example.com/',
      'http://127.0.0.1:8080/api',
      'file:///etc/passwd',
      `${APP}../../../../../etc/passwd`,
      'file:///opt/SEO%20Matrix%20Console/resources/app.asar/out/renderer-evil/index.html',
      'javascript:alert(1)',
      'data:text/html,<script>1</script>',
      'not a url',
    ]) {
      expect(navigationAllowed(url, APP), url).toBe(false);
    }
    const dev = appUrlOf('/ignored', 'http://localhost:5173/some/path');
    expect(dev).toBe('http://localhost:5173/');
    expect(navigationAllowed('http://localhost:5173/#/wel/index', dev)).toBe(true);
    expect(navigationAllowed('http://localhost:5174/', dev)).toBe(false);
    expect(navigationAllowed('http://localhost:5173.evil.com/', dev)).toBe(false);
  });

  it('new windows are always refused; only external http(s) pages go to the OS browser', () => {
    expect(windowOpenDecision('https://bladex.example.cn/docs', APP)).toEqual({ action: 'deny', openExternally: true });
    expect(windowOpenDecision('http://intranet.corp/report', APP)).toEqual({ action: 'deny', openExternally: true });
    for (const url of [`${APP}index.html`, 'file:///etc/passwd', 'javascript:alert(1)', 'smb://share/x', 'mailto:a@b.c', '']) {
      expect(windowOpenDecision(url, APP), url).toEqual({ action: 'deny', openExternally: false });
    }
    expect(isHttpUrl('HTTPS://EXAMPLE.COM')).toBe(true);
    expect(isHttpUrl('ftp://x')).toBe(false);
  });

  it('permission requests are denied by default (full screen only for the app itself)', () => {
    for (const p of ['media', 'geolocation', 'notifications', 'midi', 'clipboard-read', 'openExternal', 'pointerLock', 'hid', 'serial', 'usb']) {
      expect(permissionAllowed(p, `${APP}index.html`, APP), p).toBe(false);
    }
    expect(permissionAllowed('fullscreen', `${APP}index.html#/wel/index`, APP)).toBe(true);
    expect(permissionAllowed('fullscreen', 'https://example.com/', APP)).toBe(false);
  });

  it('console responses carry the strict CSP (a server\'s own CSP replaced); a framed external page keeps its headers', () => {
    const served = { 'content-type': ['text/html'], 'content-security-policy': ["script-src 'unsafe-inline' *"] };
    expect(responseHeadersFor('mainFrame', served, PAGE_CSP)).toEqual({ 'content-type': ['text/html'], 'Content-Security-Policy': [PAGE_CSP] });
    expect(responseHeadersFor('script', undefined, PAGE_CSP)).toEqual({ 'Content-Security-Policy': [PAGE_CSP] });
    expect(responseHeadersFor('subFrame', served, PAGE_CSP)).toEqual(served);
  });

  it('the CSP is strict: scripts and connections from the app only, one inline script by its hash, no eval, no plugins, never framed', () => {
    const d = Object.fromEntries(PAGE_CSP.split('; ').map((x) => [x.split(' ')[0], x.split(' ').slice(1)]));
    expect(d['default-src']).toEqual(["'self'"]);
    expect(d['script-src']).toEqual(["'self'", BOOT_SCRIPT_HASH]);
    expect(d['connect-src']).toEqual(["'self'"]);
    expect(d['object-src']).toEqual(["'none'"]);
    expect(d['frame-ancestors']).toEqual(["'none'"]);
    expect(d['base-uri']).toEqual(["'self'"]);
    expect(PAGE_CSP).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
    // index.html (loaded from file:// in Electron) carries the same policy as a meta tag
    const html = readFileSync(new URL('../../../src-renderer/index.html', import.meta.url), 'utf8');
    expect(/http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1]).toBe(META_CSP);
    // the one inline script is the one the hash allows (an edit to it without a new hash would be refused)
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline).toHaveLength(1);
    expect(`'sha256-${createHash('sha256').update(inline[0]!).digest('base64')}'`).toBe(BOOT_SCRIPT_HASH);
    expect(html.match(/<script\b/g)).toHaveLength(2); // and the module entry, from 'self'
  });
});
