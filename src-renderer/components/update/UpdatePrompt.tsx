// Asks before restarting into a downloaded update (main checks the feed after
// the first paint and downloads in the background; it never restarts by itself).
import { useEffect, useState } from 'react';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UpdateState } from '../../../src-shared/ipc';
import { call, onEvent } from '../../platform/bridge';
import './messages';

export function UpdatePrompt() {
  const { t } = useTranslation();
  const [ready, setReady] = useState<UpdateState | null>(null);
  const [dismissed, setDismissed] = useState('');
  useEffect(() => {
    const seen = (s: UpdateState) => setReady(s.phase === 'downloaded' && s.canRestart ? s : null);
    // the state may have settled before this window subscribed
    void call('update:state').then(seen, () => {});
    return onEvent('update:state', seen);
  }, []);
  const open = !!ready && dismissed !== ready.version;
  return (
    <Modal
      open={open}
      title={t('update.restartTitle')}
      okText={t('update.restartNow')}
      cancelText={t('update.later')}
      onOk={() => void call('update:restart')}
      onCancel={() => setDismissed(ready?.version ?? '')}
    >
      {t('update.restartAsk', { version: ready?.version ?? '' })}
    </Modal>
  );
}
