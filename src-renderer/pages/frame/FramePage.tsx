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
  // a menu page on the console's own origin would reach its storage and RPC through allow-same-origin: it runs in an opaque origin
  let ownOrigin = true;
  try {
    ownOrigin = new URL(src).origin === window.location.origin;
  } catch {
    ownOrigin = true;
  }
  return (
    <iframe
      title={target}
      src={src}
      className="desk-frame"
      sandbox={ownOrigin ? 'allow-scripts allow-forms allow-popups' : 'allow-scripts allow-forms allow-popups allow-same-origin'}
      referrerPolicy="no-referrer"
    />
  );
}
