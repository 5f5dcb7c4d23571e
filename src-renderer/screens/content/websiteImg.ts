// Image material: one image (jpeg/png/ico up to 1 MB), alt, jump link, image group.
import type { ScreenDef } from '../../crud/types';
import { createTimeColumn, REMOTE, remoteSelect } from './shared';

const I = '/website-blade-material/websiteImg';

const websiteImg: ScreenDef = {
  code: 'websiteImg',
  title: 'content.websiteImg.title',
  api: { list: `${I}/page`, detail: `${I}/detail`, submit: `${I}/submit`, remove: `${I}/remove` },
  columns: [
    {
      name: 'imageUrl', label: 'content.websiteImg.imageUrl', valueType: 'image', span: 24, validateTrigger: 'onChange', width: 90,
      upload: { accept: ['jpeg', 'jpg', 'png', 'ico'], maxKB: 1024, scene: 'material', typeMessage: 'content.websiteImg.imageType', sizeMessage: 'content.websiteImg.imageSize' },
      rules: [{ required: true, message: 'content.websiteImg.imageRequired' }],
    },
    remoteSelect('imgGroupId', 'content.websiteImg.imgGroupId', REMOTE.imageGroups, {
      search: true, displayField: 'imgGroupName', validateTrigger: 'onChange', rules: [{ required: true, message: 'content.websiteImg.groupRequired' }],
    }),
    { name: 'alt', label: 'content.websiteImg.alt' },
    { name: 'imageLink', label: 'content.websiteImg.imageLink' },
    createTimeColumn,
  ],
};

export default websiteImg;
