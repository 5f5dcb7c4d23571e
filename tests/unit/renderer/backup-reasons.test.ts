// The refusals of 备份 / 恢复 (src-shared/backup-reasons.ts) in the operator's language: every code has
// a zh and an en message with the same parameters, and a coded reason arriving from main is rendered
// whole, nested reasons included; a failure without a code keeps its own words.
import { describe, expect, it } from 'vitest';
import i18n from 'i18next';
import { initI18n } from '../../../src-renderer/i18n';
import { backupReasonEn, backupReasonZh } from '../../../src-renderer/i18n/backup-reasons';
import { backupFailureText } from '../../../src-renderer/components/shell/backupFailure';
import { DeskError } from '../../../src-renderer/platform/bridge';
import { BACKUP_REASONS_EN, backupReasonEnglish, type BackupReason } from '../../../src-shared/backup-reasons';

const placeholders = (text: string): string[] => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!).sort();

describe('backup and restore refusals', () => {
  it('every code has a zh and an en message with the same parameters; zh is Chinese and ends without a full stop', () => {
    const codes = Object.keys(BACKUP_REASONS_EN);
    expect(Object.keys(backupReasonZh).filter((k) => k !== 'separator').sort()).toEqual([...codes].sort());
    expect(Object.keys(backupReasonEn).sort()).toEqual(Object.keys(backupReasonZh).sort());
    for (const code of codes) {
      const zh = backupReasonZh[code as keyof typeof backupReasonZh];
      expect(placeholders(zh), code).toEqual(placeholders(BACKUP_REASONS_EN[code as keyof typeof BACKUP_REASONS_EN]));
      if (code !== 'failed' && code !== 'notRestarted') expect(zh, code).toMatch(/[\u4e00-\u9fff]/);
      expect(zh, code).not.toMatch(/[。.]$/);
    }
  });

  it('renders a coded reason from main in zh and in en, its listed reasons joined', () => {
    initI18n('zh');
    const reason: BackupReason = {
      code: 'manifestMismatch',
      items: [
        { code: 'fileChecksum', params: { path: 'upload/a.png', sha256: 'aa', expected: 'bb' } },
        { code: 'fileMissing', params: { path: 'upload/b.png' } },
        { code: 'andMore', params: { count: 3 } },
      ],
    };
    const refused = new DeskError({ code: 400, message: backupReasonEnglish(reason), reason });
    expect(backupFailureText(refused, i18n.t)).toBe('备份内容与其清单不符：文件 upload/a.png 校验和不符（sha256 aa，清单为 bb）；缺少文件 upload/b.png；另有 3 处');
    expect(i18n.t('shell.restoreFailed', { reason: backupFailureText(new DeskError({ code: 409, message: 'x', reason: { code: 'backupDuringRestore' } }), i18n.t) })).toBe(
      '备份未恢复：本机工作区正在恢复，恢复完成后再备份。本机工作区保持恢复前的数据，可继续使用。',
    );
    // a restore refused, then the back end not started again: both reasons, the inner one first
    const wrapped = new DeskError({ code: 500, message: 'x', reason: { code: 'notRestarted', params: { detail: 'EADDRINUSE' }, items: [{ code: 'schemaNewer', params: { version: 99, known: 400 } }] } });
    expect(backupFailureText(wrapped, i18n.t)).toBe('备份的架构版本 99 比本程序的（400）新；请用更新的版本恢复；本机后端未能重新启动：EADDRINUSE');
    void i18n.changeLanguage('en');
    expect(backupFailureText(refused, i18n.t)).toBe(refused.message);
    expect(refused.message).toBe('the archive does not match its manifest: upload/a.png: checksum mismatch (sha256 aa, manifest bb); upload/b.png is missing; and 3 more');
    void i18n.changeLanguage('zh');
  });

  it('keeps the words of a failure that carries no code, and ignores a reason that is not one', () => {
    initI18n('zh');
    expect(backupFailureText(new DeskError({ code: 0, message: 'Failed to fetch' }), i18n.t)).toBe('Failed to fetch');
    const odd = new DeskError({ code: 400, message: 'kept', reason: { code: 'nope' } as unknown as BackupReason });
    expect(odd.reason).toBeUndefined();
    expect(backupFailureText(odd, i18n.t)).toBe('kept');
  });
});

describe('reasons of what failed underneath', () => {
  it('a full disk and a denied file are coded; anything else keeps its words', async () => {
    const { reasonOf } = await import('../../../src-server/backup/refusal');
    const err = (code: string, message: string, path?: string) => Object.assign(new Error(message), { code, path });
    expect(reasonOf(err('ENOSPC', 'ENOSPC: no space left on device, write'))).toEqual({ code: 'diskFull', params: { detail: 'ENOSPC: no space left on device, write' } });
    expect(reasonOf(err('EACCES', "EACCES: permission denied, open '/x/y'", '/x/y'))).toEqual({ code: 'noPermission', params: { path: '/x/y', detail: "EACCES: permission denied, open '/x/y'" } });
    expect(reasonOf(new Error('pg_restore exited 1: boom'))).toEqual({ code: 'failed', params: { detail: 'pg_restore exited 1: boom' } });
    initI18n('zh');
    const shown = (reason: BackupReason) => backupFailureText(new DeskError({ code: 500, message: 'x', reason }), i18n.t);
    expect(shown(reasonOf(err('ENOSPC', 'ENOSPC: no space left on device, write')))).toBe('磁盘空间不足（ENOSPC: no space left on device, write）');
    expect(shown(reasonOf(new Error('pg_restore exited 1: boom')))).toBe('出错：pg_restore exited 1: boom');
  });
});
