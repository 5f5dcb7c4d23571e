// Next trigger time preview of a deploy task (GET deployTasks/nextTriggerTime).
import { useEffect, useState } from 'react';
import { Button, List, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExtraActionDialogProps } from '../../crud/types';
import { call } from '../../platform/bridge';
import '../../i18n/areas/content';

export function NextTriggerDialog({ ctx, onClose }: ExtraActionDialogProps) {
  const { t } = useTranslation();
  const [times, setTimes] = useState<string[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    const row = ctx.row!;
    call('api:request', { method: 'get', url: '/website-blade-deploy/deployTasks/nextTriggerTime', params: { scheduleType: row.scheduleType, scheduleConf: row.scheduleConf } })
      .then((r) => setTimes(r.data as string[]))
      .catch((e: Error) => setError(e.message));
  }, [ctx.row]);
  return (
    <Modal open title={t('content.c2.deployTask.nextTrigger')} onCancel={onClose} footer={<Button onClick={onClose}>{t('crud.close')}</Button>}>
      {error || (times && times.length === 0 ? t('content.c2.deployTask.noTrigger') : <List size="small" loading={!times} dataSource={times ?? []} renderItem={(x) => <List.Item>{x}</List.Item>} />)}
    </Modal>
  );
}
