// Attachments (/blade-resource/attach): every upload; list, detail, remove (the
// file too), 上传 (any type the enabled object storage allows) and 下载.
import { UploadOutlined } from '@ant-design/icons';
import type { ScreenDef } from '../../crud/types';
import '../../i18n/areas/admin';
import { AttachDownloadDialog, AttachUploadDialog } from './AttachDialogs';

const B = '/blade-resource/attach';

const attach: ScreenDef = {
  code: 'attach',
  title: 'adminRes.attachTitle',
  api: { list: `${B}/list`, detail: `${B}/detail`, remove: `${B}/remove` },
  dialogWidth: 800,
  labelWidth: 110,
  timeRange: false,
  hide: ['add', 'edit'],
  columns: [
    { name: 'originalName', label: 'adminRes.originalName', search: true },
    { name: 'name', label: 'adminRes.fileName' },
    { name: 'extension', label: 'adminRes.extension', width: 90 },
    { name: 'attachSize', label: 'adminRes.attachSize', valueType: 'number', width: 110 },
    { name: 'link', label: 'adminRes.link', hideInTable: true },
    { name: 'createTime', label: 'adminRes.createTime', width: 170 },
  ],
  extraActions: [
    { key: 'upload', label: 'adminRes.upload', permission: 'attach_add', placement: 'toolbar', icon: UploadOutlined, render: AttachUploadDialog },
    { key: 'download', label: 'adminRes.download', placement: 'row', inline: true, render: AttachDownloadDialog },
  ],
};

export default attach;
