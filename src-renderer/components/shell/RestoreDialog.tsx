import { useImperativeHandle, useRef, useState, type Ref } from 'react';
import { App, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAX_UPLOAD_BYTES, type LocalRestoreSource } from '../../../src-shared/ipc';
import { call, hostKind } from '../../platform/bridge';
import { fileToBase64 } from '../upload/files';
import { clearLocalSession } from '../../session/service';
import { useStableNavigate } from '../../layout/navigation';
import { LOGIN_PATH } from '../../router/guard';
import { backupFailureText, backupReasonText } from './backupFailure';

export interface RestoreHandle {
  /** picks the backup file (Electron: main's open dialog; browser mode: the page's file input), then asks to confirm */
  start(): void;
}

interface Pending {
  label: string;
  source: LocalRestoreSource;
  dataDir: string;
}

/**
 * 恢复 of the Local workspace (profile menu): the backup file, a confirm that says the current data is
 * replaced and where it is kept, then main restores and the console signs out to the login page.
 */
export function RestoreDialog({ ref }: { ref: Ref<RestoreHandle> }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useStableNavigate();
  const input = useRef<HTMLInputElement>(null);
  const dataDir = useRef('');
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);

  // the reason in the operator's language (main sends it coded), shown whole
  const refused = (reason: string) =>
    modal.error({ title: t('shell.restoreFailedTitle'), content: <div data-testid="restore-failed">{t('shell.restoreFailed', { reason })}</div>, width: 520 });
  const failed = (e: unknown) => refused(backupFailureText(e, t));

  useImperativeHandle(ref, () => ({
    start: () => {
      void (async () => {
        try {
          const chosen = await call('local:restore-choose');
          dataDir.current = chosen.dataDir;
          if (hostKind() === 'electron') {
            if (chosen.path) setPending({ label: chosen.path, source: { path: chosen.path }, dataDir: chosen.dataDir });
            return;
          }
          input.current?.click();
        } catch (e) {
          failed(e);
        }
      })();
    },
  }));

  const onFile = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    // over the limit main takes (and the page's RPC carries): refused here, with main's reason
    if (file.size > MAX_UPLOAD_BYTES) {
      refused(backupReasonText({ code: 'fileTooLarge', params: { file: file.name, limitMb: MAX_UPLOAD_BYTES / 1024 / 1024 } }, t));
      return;
    }
    try {
      setPending({ label: file.name, source: { name: file.name, base64: await fileToBase64(file) }, dataDir: dataDir.current });
    } catch (e) {
      failed(e);
    }
  };

  const restore = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      const r = await call('local:restore', pending.source);
      setPending(null);
      // the restored database has its own accounts and sessions: sign in again; the login page shows what was
      // restored (rendered there, so it follows a change of language)
      clearLocalSession();
      navigate(LOGIN_PATH, { replace: true, state: { restored: r } });
    } catch (e) {
      setPending(null);
      failed(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <input ref={input} type="file" accept=".gz,.tgz,application/gzip" hidden data-testid="restore-file" onChange={(e) => void onFile(e.target.files?.[0])} />
      <Modal
        open={!!pending}
        title={t('shell.restoreTitle')}
        okText={t('shell.restoreOk')}
        okButtonProps={{ danger: true }}
        onOk={() => void restore()}
        onCancel={() => !busy && setPending(null)}
        confirmLoading={busy}
        cancelButtonProps={{ disabled: busy }}
        closable={!busy}
        maskClosable={false}
        destroyOnHidden
        width={560}
      >
        {pending && (
          <div data-testid="restore-confirm">
            <Typography.Paragraph>{t('shell.restoreReplace', { file: pending.label, dataDir: pending.dataDir })}</Typography.Paragraph>
            <Typography.Paragraph>{t('shell.restoreKept', { aside: `${pending.dataDir}-before-restore-` })}</Typography.Paragraph>
            <Typography.Paragraph type="secondary">{t('shell.restoreSignOut')}</Typography.Paragraph>
            {busy && <Typography.Paragraph type="warning">{t('shell.restoreRunning')}</Typography.Paragraph>}
          </div>
        )}
      </Modal>
    </>
  );
}
