import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The house rule: raw ipcMain / ipcRenderer only inside the two wrapper modules.
const eslint = new ESLint({ cwd: process.cwd() });
const probe = "import { ipcMain, ipcRenderer } from 'electron';\nexport const both = [ipcMain, ipcRenderer];\n";

async function ruleIds(filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(probe, { filePath });
  return result.messages.map((m) => `${m.ruleId}:${m.message.includes('ipcMain') ? 'main' : 'renderer'}`);
}

describe('IPC lint rule', () => {
  it('rejects raw ipcMain and ipcRenderer in an ordinary module', async () => {
    const ids = await ruleIds('src-main/services/Anything.ts');
    expect(ids.filter((id) => id.startsWith('no-restricted-imports')).length).toBeGreaterThan(0);
  });

  it('lets the main wrapper use ipcMain but not ipcRenderer', async () => {
    const [result] = await eslint.lintText("import { ipcMain } from 'electron';\nexport const m = ipcMain;\n", {
      filePath: 'src-main/electron/ipc.ts',
    });
    expect(result.messages).toEqual([]);
    const [bad] = await eslint.lintText("import { ipcRenderer } from 'electron';\nexport const r = ipcRenderer;\n", {
      filePath: 'src-main/electron/ipc.ts',
    });
    expect(bad.messages.map((m) => m.ruleId)).toContain('no-restricted-imports');
  });

  it('lets the preload use ipcRenderer but not ipcMain', async () => {
    const [result] = await eslint.lintText("import { ipcRenderer } from 'electron';\nexport const r = ipcRenderer;\n", {
      filePath: 'src-preload/index.ts',
    });
    expect(result.messages).toEqual([]);
    const [bad] = await eslint.lintText("import { ipcMain } from 'electron';\nexport const m = ipcMain;\n", {
      filePath: 'src-preload/index.ts',
    });
    expect(bad.messages.map((m) => m.ruleId)).toContain('no-restricted-imports');
  });

  it('catches member access through a namespace import', async () => {
    const [result] = await eslint.lintText("import * as e from 'electron';\nexport const r = e.ipcRenderer;\n", {
      filePath: 'src-renderer/anything.ts',
    });
    expect(result.messages.map((m) => m.ruleId)).toContain('no-restricted-syntax');
  });
});
