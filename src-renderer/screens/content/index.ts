// Content-area screens by menu path (see src-server/db/seed-menus.ts).
import { lazy } from 'react';
import { crud, type Screen } from '../lazyCrud';

export const CONTENT_SCREENS: Record<string, Screen> = {
  '/site/dashboard': lazy(() => import('./SiteDashboard')),
  '/site/websiteInfo': crud(() => import('./websiteInfo')),
  '/site/websiteGroup': crud(() => import('./websiteGroup')),
  '/site/websiteAssocia': crud(() => import('./websiteAssocia')),
  '/site/websiteLanguage': crud(() => import('./websiteLanguage')),
  '/site/templateConfig': crud(() => import('./templateConfig')),
  '/site/customPageUrl': crud(() => import('./customPageUrl')),
  '/infra/domainInfo': crud(() => import('./domainInfo')),
  '/infra/serverInfo': crud(() => import('./serverInfo')),
  '/material/websiteTemplate': crud(() => import('./websiteTemplate')),
  '/material/websiteNavbar': crud(() => import('./websiteNavbar')),
  '/material/links': crud(() => import('./links')),
  '/material/advert': crud(() => import('./advert')),
  '/material/contactInfo': crud(() => import('./contactInfo')),
  '/material/imgGroup': crud(() => import('./imgGroup')),
  '/material/websiteImg': crud(() => import('./websiteImg')),
  '/material/goods': crud(() => import('./goods')),
  '/article/cate': crud(() => import('./cate')),
  '/article/article': crud(() => import('./article')),
  '/article/paragraph': crud(() => import('./paragraph')),
  '/article/keyword': crud(() => import('./keyword')),
  '/article/gptProduceKeyword': crud(() => import('./gptProduceKeyword')),
  '/article/gptProduceArticle': crud(() => import('./gptProduceArticle')),
  '/article/importTask': crud(() => import('./importTask')),
  '/article/taskErrorLog': crud(() => import('./taskErrorLog')),
  '/site/deployTasks': crud(() => import('./deployTasks')),
  '/ai/aiModel': crud(() => import('./aiModel')),
  '/ai/key': crud(() => import('./aiKey')),
};
