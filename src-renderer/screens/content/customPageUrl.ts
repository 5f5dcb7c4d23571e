// Custom page URLs of a website (column and article URL patterns).
import type { ScreenDef } from '../../crud/types';
import { createTimeColumn, REMOTE, remoteSelect } from './shared';

const U = '/seo-blade-material/customPageUrl';
const URL_PATTERN = '^[A-Za-z0-9_\\-/{}.]*$';

const customPageUrl: ScreenDef = {
  code: 'customPageUrl',
  title: 'content.customPageUrl.title',
  api: { list: `${U}/list`, detail: `${U}/detail`, save: `${U}/save`, update: `${U}/update`, remove: `${U}/remove` },
  columns: [
    remoteSelect('websiteInfoId', 'content.common.website', REMOTE.websites, {
      search: true, displayField: 'websiteName', validateTrigger: 'onChange', rules: [{ required: true, message: 'content.common.websiteRequired' }],
    }),
    { name: 'categoryUrl', label: 'content.customPageUrl.categoryUrl', rules: [{ pattern: URL_PATTERN, message: 'content.customPageUrl.urlPattern' }] },
    { name: 'articleUrl', label: 'content.customPageUrl.articleUrl', rules: [{ pattern: URL_PATTERN, message: 'content.customPageUrl.urlPattern' }] },
    createTimeColumn,
  ],
};

export default customPageUrl;
