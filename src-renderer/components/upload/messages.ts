// Messages of the upload components (spec content-area.md §8: 上传成功!, 上传失败;
// the default type / size refusals of the image upload).
import { addMessages } from '../../i18n';

const zh = {
  upload: {
    success: '上传成功!',
    failed: '上传失败',
    typeError: '只能上传 {{types}} 格式图片!',
    sizeError: '上传图片大小不能超过 {{size}}!',
    add: '上传图片',
    preview: '预览',
    remove: '删除',
    uploading: '上传中',
  },
};

const en: typeof zh = {
  upload: {
    success: 'Uploaded!',
    failed: 'Upload failed',
    typeError: 'Only {{types}} images can be uploaded!',
    sizeError: 'The image may not be larger than {{size}}!',
    add: 'Upload image',
    preview: 'Preview',
    remove: 'Delete',
    uploading: 'Uploading',
  },
};

export const uploadMessages = { zh, en };

let registered = false;
/** Adds the messages to the running i18next once (called when an upload first renders, so importing stays side-effect free). */
export function registerUploadMessages(): void {
  if (registered) return;
  addMessages(uploadMessages);
  registered = true;
}
