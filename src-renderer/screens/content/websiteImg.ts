// Image material: one image (jpeg/png/ico up to 1 MB), alt, jump link, image group.
import type { ScreenDef } from '../../crud/types';
import { WEBSITE_IMG } from '../../../src-shared/declarations/material';
import { createTimeColumn, REMOTE, remoteSelect } from './shared';

const I = '/website-blade-material/websiteImg';

const websiteImg: ScreenDef = {
  code: 'websiteImg',
  title: 'content.websiteImg.title',
  api: { list: `${I}/page`, detail: `${I}/detail`, submit: `${I}/submit`, remove: `${I}/remove` },
  declaration: WEBSITE_IMG,
  columns: [
    {
      name: 'imageUrl', label: 'content.websiteImg.imageUrl', valueType: 'image', span: 24, validateTrigger: 'onChange', width: 90,
      upload: { accept: ['jpeg', 'jpg', 'png', 'ico'], maxKB: 1024, scene: 'material', typeMessage: 'content.websiteImg.imageType', sizeMessage: 'content.websiteImg.imageSize' },
    },
    remoteSelect('imgGroupId', 'content.websiteImg.imgGroupId', REMOTE.imageGroups, {
      search: true, displayField: 'imgGroupName', validateTrigger: 'onChange',
    }),
    { name: 'alt', label: 'content.websiteImg.alt' },
    { name: 'imageLink', label: 'content.websiteImg.imageLink' },
    createTimeColumn,
  ],
};

export default websiteImg;
