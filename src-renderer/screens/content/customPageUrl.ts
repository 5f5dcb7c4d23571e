// Custom page URLs of a website (column and article URL patterns).
import type { ScreenDef } from '../../crud/types';
import { CUSTOM_PAGE_URL } from '../../../src-shared/declarations/material';
import { createTimeColumn, REMOTE, remoteSelect } from './shared';

const U = '/seo-blade-material/customPageUrl';

const customPageUrl: ScreenDef = {
  code: 'customPageUrl',
  title: 'content.customPageUrl.title',
  api: { list: `${U}/list`, detail: `${U}/detail`, save: `${U}/save`, update: `${U}/update`, remove: `${U}/remove` },
  declaration: CUSTOM_PAGE_URL,
  columns: [
    remoteSelect('websiteInfoId', 'content.common.website', REMOTE.websites, {
      search: true, displayField: 'websiteName', validateTrigger: 'onChange',
    }),
    { name: 'categoryUrl', label: 'content.customPageUrl.categoryUrl' },
    { name: 'articleUrl', label: 'content.customPageUrl.articleUrl' },
    createTimeColumn,
  ],
};

export default customPageUrl;
