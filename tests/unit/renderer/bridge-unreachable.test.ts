// Browser mode: when the page loses the local service (stopped, restarting), a
// call fails with the console's own words, not the browser's "Failed to fetch".
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const store = new Map<string, string>();
beforeAll(() => {
  vi.stubGlobal('window', { location: { href: 'http://127.0.0.1:5173/', origin: 'http://127.0.0.1:5173' }, history: { state: null, replaceState: () => undefined } });
  vi.stubGlobal('sessionStorage', { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v) });
  vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => undefined, removeItem: () => undefined });
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
});
afterAll(() => vi.unstubAllGlobals());

describe('browser-mode bridge', () => {
  it('reports a lost local service in the language of the console', async () => {
    const { call, DeskError } = await import('../../../src-renderer/platform/bridge');
    const { initI18n } = await import('../../../src-renderer/i18n');
    const i18n = initI18n('zh');
    for (const lng of ['zh', 'en']) {
      await i18n.changeLanguage(lng);
      const err = await call('app:info').then(() => null, (e: unknown) => e);
      expect(err).toBeInstanceOf(DeskError);
      expect((err as InstanceType<typeof DeskError>).code).toBe(0);
      expect((err as Error).message).toBe(lng === 'zh' ? '与本地服务的连接已断开，请确认它仍在运行后重试' : 'The connection to the local service was lost; check that it is still running and try again');
      expect((err as Error).message).not.toContain('Failed to fetch');
    }
  });
});
