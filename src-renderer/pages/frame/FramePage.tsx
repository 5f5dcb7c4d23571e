import { useEffect, useState } from 'react';
import { Alert } from 'antd';
import { call } from '../../platform/bridge';
import { PageLoading } from '../../components/PageLoading';
import { frameUrlOf } from './frame';

/** /myiframe/{routerPath}: the menu's external page in a sandboxed frame; main substitutes ${token} into its URL. */
export default function FramePage({ path }: { path: string }) {
  const target = frameUrlOf(path);
  const [src, setSrc] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!target) return;
    call('frame:url', { url: target })
      .then((r) => setSrc(r.url))
      .catch((e: Error) => setError(e.message));
  }, [target]);
  if (!target || error) return <Alert type="error" showIcon title={error ?? path} />;
  if (!src) return <PageLoading />;
  return (
    <iframe
      title={target}
      src={src}
      className="desk-frame"
      sandbox="allow-scripts allow-forms allow-popups allow-same-origin"
      referrerPolicy="no-referrer"
    />
  );
}
