// Business messages of deploys (spec content-area.md §4): the refusals a deploy or a website save answers.
// zh is the text the server answered before keys. Reasons a deploy records (website_deploy.message, a job's
// error) are stored as their zh text and shown as stored.
import type { MessageFamily } from './text';

export const DEPLOY_MESSAGES = {
  'deploy.busy': { zh: '该网站正在部署中, 请稍后再试', en: 'This website is being deployed; please try again later' },
  'deploy.icoEmpty': { zh: '图标分组中没有图片', en: 'The icon group holds no image' },
  'deploy.logoEmpty': { zh: 'Logo分组中没有图片', en: 'The logo group holds no image' },
  'deploy.bannerEmpty': { zh: 'Banner分组中没有图片', en: 'The banner group holds no image' },
} as const satisfies MessageFamily;
