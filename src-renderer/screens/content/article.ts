// Articles: spec content-area.md §3 Article, §4 (0 unpublished -> 1 published; then group and column are fixed), §5.
import { SendOutlined, UploadOutlined } from '@ant-design/icons';
import type { ScreenDef } from '../../crud/types';
import { call } from '../../platform/bridge';
import { LazyRichText } from '../../components/richtext/LazyRichText';
import { ArticleImportDialog } from './ArticleImportDialog';
import { createTimeColumn, REMOTE, remoteSelect } from './shared';
import { ARTICLE } from '../../../src-shared/declarations/articles';

const A = '/website-blade-article/article';
/** a published article's group and column are fixed; its column is not while it gets no page (a jump page's, a deleted one's) */
const published = (row: Record<string, unknown>) => row.status === 1;
const columnFixed = (row: Record<string, unknown>) => published(row) && !row.pageIssue;

const article: ScreenDef = {
  code: 'article',
  title: 'content.c2.article.title',
  api: { list: `${A}/page`, detail: `${A}/detail`, save: `${A}/save`, update: `${A}/update`, remove: `${A}/remove` },
  declaration: ARTICLE,
  dialogWidth: 1000,
  columns: [
    { name: 'title', label: 'content.c2.article.titleField', search: true },
    remoteSelect('websiteGroupId', 'content.c2.article.websiteGroupId', REMOTE.websiteGroups, {
      search: true, displayField: 'websiteGroupName', validateTrigger: 'onChange', readonlyWhen: published,
    }),
    remoteSelect('websiteInfoId', 'content.c2.article.websiteInfoId', REMOTE.websitesByGroup, {
      search: true, displayField: 'websiteName', filterBy: 'websiteGroupId', validateTrigger: 'onChange',
    }),
    // only the columns that hold pages are offered (the server refuses a jump page)
    remoteSelect('parentId', 'content.c2.article.parentId', REMOTE.pageCatesByGroup, {
      displayField: 'cateName', filterBy: 'websiteGroupId', validateTrigger: 'onChange', readonlyWhen: columnFixed,
    }),
    { name: 'keyword', label: 'content.c2.article.keyword' },
    { name: 'auth', label: 'content.c2.article.auth', hideInTable: true },
    { name: 'sort', label: 'content.common.sort', valueType: 'number', default: 0, width: 80 },
    {
      name: 'displayStatus', label: 'content.c2.article.displayStatus', valueType: 'select', numeric: true, default: 1, width: 100,
      options: [{ value: 0, label: 'content.c2.article.displayClosed' }, { value: 1, label: 'content.c2.article.displayShown' }],
    },
    {
      name: 'coverImg', label: 'content.c2.article.coverImg', valueType: 'image', hideInTable: true, span: 24,
      upload: { accept: ['jpg', 'png'], maxKB: 1024, scene: 'cover', typeMessage: 'content.c2.article.coverType', sizeMessage: 'content.c2.article.coverSize' },
    },
    { name: 'descVal', label: 'content.c2.article.descVal', valueType: 'textarea', hideInTable: true, rows: 2 },
    { name: 'content', label: 'content.c2.article.content', valueType: 'custom', input: LazyRichText, hideInTable: true, span: 24, validateTrigger: 'onChange' },
    {
      name: 'status', label: 'content.c2.article.status', valueType: 'select', numeric: true, hideInForm: true, search: true, searchOp: 'equal', width: 90,
      options: [{ value: 0, label: 'content.c2.article.unpublished' }, { value: 1, label: 'content.c2.article.published' }],
    },
    // an article a deploy makes no page of: left in a jump page before the rule, or its column deleted
    {
      name: 'pageIssue', label: 'content.c2.article.pageIssue', valueType: 'select', hideInForm: true, width: 180,
      options: [{ value: 'jump', label: 'content.c2.article.issueJump', tone: 'error' }, { value: 'missing', label: 'content.c2.article.issueMissing', tone: 'error' }],
    },
    { name: 'saveStatus', label: 'content.c2.article.saveStatus', hideInForm: true, width: 100 },
    { name: 'deployTime', label: 'content.c2.article.deployTime', hideInForm: true, width: 170 },
    createTimeColumn,
  ],
  extraActions: [
    { key: 'import', label: 'content.c3.articleImport', permission: 'article_add', placement: 'toolbar', icon: UploadOutlined, render: ArticleImportDialog },
    {
      key: 'release', label: 'content.c2.article.release', permission: 'article_edit', placement: 'both', icon: SendOutlined, needsSelection: true,
      confirm: 'content.c2.article.releaseConfirm', visible: (row) => row.status !== 1,
      async run(ctx) {
        const ids = ctx.row ? [ctx.row.id] : ctx.selectedKeys;
        await call('api:request', { method: 'post', url: `${A}/release`, params: { ids: ids.join(',') } });
      },
    },
  ],
};

export default article;
