// Every toolbar action of every screen definition declares its icon (crud/types.ts ExtraAction.icon): Saber's
// toolbar buttons all have one, and antd gives a button without an icon a loading-icon motion that renders
// it again right after it mounts, before the screen's first paint (issue 38 item 21, docs/benchmarks.md).
import { describe, expect, it, vi } from 'vitest';

await vi.hoisted(async () => {
  const { initI18n } = await import('../../../src-renderer/i18n');
  initI18n('zh');
});
import type { ScreenDef } from '../../../src-renderer/crud/types';
import { modelFieldsScreen } from '../../../src-renderer/screens/admin/modelFields';

const modules = import.meta.glob<Record<string, unknown>>('../../../src-renderer/screens/**/*.ts', { eager: true });

/** the screen definitions a module exports as objects */
function definitions(exports: Record<string, unknown>): ScreenDef[] {
  return Object.values(exports).filter((def): def is ScreenDef => !!def && typeof def === 'object' && 'columns' in def && 'api' in def);
}

describe('toolbar actions', () => {
  // plus the one screen with toolbar actions that is built per record (a data model's fields)
  const defs = [
    ...Object.entries(modules).flatMap(([file, exports]) => definitions(exports).map((def) => ({ file, def }))),
    { file: 'modelFields.ts', def: modelFieldsScreen('1') },
  ];
  const toolbar = defs.flatMap(({ file, def }) =>
    (def.extraActions ?? []).filter((a) => a.placement !== 'row').map((a) => ({ where: `${file} ${def.code} ${a.key}`, icon: a.icon })),
  );

  it('are found in the screen definitions (users, websites, articles, imports, deploys ...)', () => {
    expect(defs.length).toBeGreaterThan(30);
    expect(toolbar.map((a) => a.where)).toEqual(expect.arrayContaining([expect.stringMatching(/ user grantRole$/), expect.stringMatching(/ websiteInfo batchDeploy$/), expect.stringMatching(/ loadColumns$/)]));
  });

  it('each declare an icon', () => {
    expect(toolbar.filter((a) => typeof a.icon !== 'function' && typeof a.icon !== 'object').map((a) => a.where)).toEqual([]);
  });
});
