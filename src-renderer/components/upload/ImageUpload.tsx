// The one image upload of the console: one picture card with preview and a
// delete overlay, the accept list and size limit checked before sending (the
// server checks them again), bytes sent through main (file:upload), the stored
// image shown as a data: URL (file:read). Value: the image's link.
import { useEffect, useState, type CSSProperties } from 'react';
import { App as AntApp, Image, Spin, Upload } from 'antd';
import { DeleteOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { call } from '../../platform/bridge';
import { fileToBase64, readImage, sizeLabel, uploadProblem } from './files';
import { registerUploadMessages } from './messages';

export interface ImageUploadProps {
  value?: string;
  onChange?(value: string | undefined): void;
  /** extensions, lower case: ['jpg', 'png'] */
  accept: string[];
  /** largest size in KB (default 10 MB) */
  maxKB?: number;
  /** server upload scene (put-file ?scene=) */
  scene?: string;
  /** i18n keys of the refusals (default upload.typeError / upload.sizeError) */
  typeMessage?: string;
  sizeMessage?: string;
  disabled?: boolean;
  id?: string;
}

/** A stored image (link) shown through a data: URL. */
export function StoredImage({ link, alt, size = 48, preview = true }: { link: string; alt?: string; size?: number; preview?: boolean }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    readImage(link)
      .then((url) => alive && setSrc(url))
      .catch(() => alive && setSrc(''));
    return () => {
      alive = false;
    };
  }, [link]);
  if (src === null) return <Spin size="small" />;
  return <Image src={src || undefined} alt={alt ?? ''} width={size} height={size} style={{ objectFit: 'contain' }} preview={preview && !!src} />;
}

export function ImageUpload({ value, onChange, accept, maxKB = 10 * 1024, scene, typeMessage, sizeMessage, disabled, id }: ImageUploadProps) {
  registerUploadMessages();
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const [busy, setBusy] = useState(false);
  const [src, setSrc] = useState<string>('');
  const [previewOpen, setPreviewOpen] = useState(false);

  useEffect(() => {
    let alive = true;
    setSrc('');
    if (value) readImage(value).then((url) => alive && setSrc(url)).catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [value]);

  const types = accept.join('/');
  const beforeUpload = (file: File): boolean | string => {
    const problem = uploadProblem(file, accept, maxKB);
    if (problem === 'type') {
      void message.error(t(typeMessage ?? 'upload.typeError', { types }));
      return Upload.LIST_IGNORE;
    }
    if (problem === 'size') {
      void message.error(t(sizeMessage ?? 'upload.sizeError', { size: sizeLabel(maxKB) }));
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const send = async (file: File) => {
    setBusy(true);
    try {
      const r = await call('file:upload', { name: file.name, type: file.type, base64: await fileToBase64(file), scene });
      onChange?.(r.link);
      void message.success(t('upload.success'));
    } catch (e) {
      // one message: the server's reason (e.g. 只能上传jpg/png图片), else 上传失败; never the two run together
      const text = e instanceof Error && e.message ? e.message : '';
      void message.error(text || t('upload.failed'));
    } finally {
      setBusy(false);
    }
  };

  const box: CSSProperties = { width: 104, height: 104, border: '1px dashed #d9d9d9', borderRadius: 8, position: 'relative', overflow: 'hidden', display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#fafafa' };

  const mask: CSSProperties = { position: 'absolute', left: 0, right: 0, bottom: 0, height: 28, background: 'rgba(0,0,0,0.45)', color: '#fff', display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 16, cursor: 'pointer' };

  if (value) {
    return (
      <div id={id} className="desk-image-upload" style={box} data-link={value}>
        {src ? <img src={src} alt="" style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} /> : <Spin size="small" />}
        <div className="desk-image-upload-mask" style={mask}>
          <EyeOutlined role="button" aria-label={t('upload.preview')} title={t('upload.preview')} onClick={() => setPreviewOpen(true)} />
          {!disabled && <DeleteOutlined role="button" aria-label={t('upload.remove')} title={t('upload.remove')} onClick={() => onChange?.(undefined)} />}
        </div>
        {src && <Image src={src} style={{ display: 'none' }} preview={{ open: previewOpen, onOpenChange: (open) => setPreviewOpen(open) }} />}
      </div>
    );
  }
  return (
    <Upload
      id={id}
      listType="picture-card"
      showUploadList={false}
      maxCount={1}
      accept={accept.map((a) => `.${a}`).join(',')}
      disabled={disabled || busy}
      beforeUpload={beforeUpload}
      customRequest={({ file }) => void send(file as File)}
    >
      <div aria-label={t('upload.add')}>
        {busy ? <Spin size="small" /> : <PlusOutlined aria-hidden />}
        <div style={{ marginTop: 8 }}>{busy ? t('upload.uploading') : t('upload.add')}</div>
      </div>
    </Upload>
  );
}
