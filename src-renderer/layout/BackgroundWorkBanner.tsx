// The banner of a restored copy's paused background work (issue 37 item 4, src-server/jobs/pause.ts): shown to the
// platform administrator above every page while the copy's jobs and schedules wait, with 恢复后台任务. Anyone else
// never asks (the status route is the platform administrator's); a back end without the route (a company's BladeX)
// answers an error and the banner stays hidden.
import { useCallback, useEffect, useState } from 'react';
import { Alert, App, Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../platform/bridge';
import { useSession } from '../stores/session';
import { isPlatformAdministrator } from '../session/permissions';
import { BACKGROUND_WORK_RESUME_URL, BACKGROUND_WORK_STATUS_URL, type BackgroundWorkStatus } from '../../src-shared/jobs';
import '../i18n/areas/background-work';

export function BackgroundWorkBanner() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const platform = useSession((s) => isPlatformAdministrator(s.user));
  const [status, setStatus] = useState<BackgroundWorkStatus | null>(null);
  const [busy, setBusy] = useState(false);

  const refresh = useCallback(async () => {
    try {
      setStatus((await call('api:request', { method: 'get', url: BACKGROUND_WORK_STATUS_URL })).data as BackgroundWorkStatus);
    } catch {
      setStatus(null);
    }
  }, []);
  useEffect(() => {
    if (platform) void refresh();
    else setStatus(null);
  }, [platform, refresh]);

  const resume = async () => {
    setBusy(true);
    try {
      await call('api:request', { method: 'post', url: BACKGROUND_WORK_RESUME_URL, data: {} });
      void message.success(t('backgroundWork.resumed'));
      await refresh();
    } catch (e) {
      void message.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  if (!platform || !status?.paused) return null;
  const since = status.since ? new Date(status.since).toLocaleString() : '';
  return (
    <Alert
      banner
      type="warning"
      data-testid="background-work-paused"
      style={{ flex: 'none' }}
      message={<strong>{t('backgroundWork.title')}</strong>}
      description={`${t(status.by === 'import-local' ? 'backgroundWork.byImport' : 'backgroundWork.byRestore', { since })}${t('backgroundWork.text')}`}
      action={
        <Popconfirm title={t('backgroundWork.resumeConfirm')} onConfirm={() => void resume()}>
          <Button type="primary" loading={busy}>
            {t('backgroundWork.resume')}
          </Button>
        </Popconfirm>
      }
    />
  );
}
