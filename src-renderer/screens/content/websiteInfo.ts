// Websites (websiteInfo): spec content-area.md §3 Website, §4, §5; deploy (with progress and the last
// result per site), releases and rollback, SSL status, open the deployed site.
import { CloudUploadOutlined, UploadOutlined } from '@ant-design/icons';
import type { ScreenDef } from '../../crud/types';
import { WEBSITE_INFO } from '../../../src-shared/declarations/sites';
import { call } from '../../platform/bridge';
import { createTimeColumn, REMOTE, remoteSelect } from './shared';
import { DeployDialog } from './DeployDialog';
import { ReleasesDialog } from './ReleasesDialog';
import { SslDialog } from './SslDialog';
import { BatchDeployDialog } from './BatchDeployDialog';
import i18n from '../../i18n';
import '../../i18n/areas/content-ops';
import { WebsiteImportDialog } from './RowsImportDialog';
import { clicksText, ClicksCell, EnginesCell, enginesText } from './search/cells';

const W = '/website-blade-material/websiteInfo';
const onChange = 'onChange' as const;

const websiteInfo: ScreenDef = {
  code: 'websiteInfo',
  title: 'content.website.title',
  api: { list: `${W}/page`, detail: `${W}/detail`, save: `${W}/save`, update: `${W}/update`, remove: `${W}/remove` },
  declaration: WEBSITE_INFO,
  dialogWidth: 960,
  labelWidth: 120,
  columns: [
    remoteSelect('websiteGroupId', 'content.website.websiteGroupId', REMOTE.websiteGroups, {
      search: true, readonlyOnEdit: true, validateTrigger: onChange, displayField: 'websiteGroupName',
    }),
    {
      name: 'websiteType', label: 'content.website.websiteType', valueType: 'select', numeric: true, default: 0, searchOp: 'equal',
      options: [{ value: 0, label: 'content.website.typeNormal' }, { value: 1, label: 'content.website.typeAB' }, { value: 2, label: 'content.website.typeMatrix' }],
    },
    {
      name: 'websiteName', label: 'content.website.websiteName', search: true,
    },
    // the tenant's languages (语言管理, seeded from the lang dictionary): the same list a website association picks from
    remoteSelect('websiteLang', 'content.website.websiteLang', { ...REMOTE.languages, valueKey: 'abbrevia' }),
    remoteSelect('domainInfoId', 'content.website.domainInfoId', REMOTE.domains, {
      hideInTable: true, validateTrigger: onChange,
    }),
    { name: 'domainName', label: 'content.website.domainName', hideInForm: true, search: true },
    remoteSelect('templateId', 'content.website.templateId', REMOTE.templates, {
      validateTrigger: onChange, displayField: 'templateName',
    }),
    remoteSelect('goodsId', 'content.website.goodsId', REMOTE.goodsGroups, { hideInTable: true }),
    {
      name: 'type', label: 'content.website.type', valueType: 'select', numeric: true, default: 0, hideInTable: true,
      options: [{ value: 1, label: 'content.website.resolveTop' }, { value: 0, label: 'content.website.resolveSub' }],
    },
    {
      name: 'subdomain', label: 'content.website.subdomain', hideInTable: true,
      // resolve type 1 (top-level domain) hides the subdomain; 0 shows it
      visibleWhen: (v) => v.type !== 1,
    },
    remoteSelect('icoId', 'content.website.icoId', REMOTE.imageGroups, { hideInTable: true, validateTrigger: onChange }),
    remoteSelect('logoId', 'content.website.logoId', REMOTE.imageGroups, { hideInTable: true, validateTrigger: onChange }),
    remoteSelect('bannerId', 'content.website.bannerId', REMOTE.imageGroups, { hideInTable: true, validateTrigger: onChange }),
    remoteSelect('contactId', 'content.website.contactId', REMOTE.contactGroups, { hideInTable: true, validateTrigger: onChange }),
    {
      name: 'keywords', label: 'content.website.keywords', valueType: 'textarea', hideInTable: true, rows: 2,
    },
    { name: 'longTailWords', label: 'content.website.longTailWords', valueType: 'textarea', hideInTable: true, rows: 2 },
    {
      name: 'descVal', label: 'content.website.descVal', valueType: 'textarea', hideInTable: true,
    },
    { name: 'statusName', label: 'content.website.statusName', hideInForm: true, width: 100 },
    // the search engines (搜索引擎): each connection on / off / its property lost, and the last 7 days' clicks
    { name: 'searchEngines', label: 'search.websiteList.engines', hideInForm: true, width: 130, cell: EnginesCell, cellText: enginesText },
    { name: 'searchClicks7d', label: 'search.websiteList.clicks7d', hideInForm: true, cell: ClicksCell, cellText: clicksText },
    { name: 'deployMessage', label: 'content.website.deployMessage', hideInForm: true, width: 320 },
    { name: 'deployTime', label: 'content.website.deployTime', hideInForm: true, width: 170 },
    // the latest deploy's durable job (instance, progress, attempt, reason): in the view dialog; the list reads again while it runs
    { name: 'deployJob', label: 'content.website.deployJob', valueType: 'job', hideInTable: true },
    {
      name: 'isSsl', label: 'content.website.isSsl', hideInForm: true, valueType: 'select', numeric: true,
      options: [{ value: 0, label: 'content.website.sslNone' }, { value: 1, label: 'content.website.sslIssued' }],
    },
    createTimeColumn,
  ],
  extraActions: [
    { key: 'import', label: 'content.c3.websiteImport', permission: 'websiteInfo_add', placement: 'toolbar', icon: UploadOutlined, render: WebsiteImportDialog },
    { key: 'deploy', label: 'content.website.deploy', permission: 'websiteInfo_edit', placement: 'both', icon: CloudUploadOutlined, needsSelection: true, render: DeployDialog },
    {
      key: 'releases', label: 'content.website.rollback', permission: 'websiteInfo_rollback', placement: 'row', render: ReleasesDialog,
      visible: (row) => Boolean(row.deployTime),
    },
    { key: 'ssl', label: 'content.website.ssl', permission: 'websiteInfo_view', placement: 'row', render: SslDialog },
    { key: 'batchDeploy', label: 'content.ops.site.batchDeploy', permission: 'websiteInfo_batchDeploy', placement: 'toolbar', icon: CloudUploadOutlined, needsSelection: true, render: BatchDeployDialog },
    {
      // the categories of the website's group changed: its columns are rebuilt and deployed (updateColumn)
      key: 'updateColumn', label: 'content.ops.site.updateColumn', permission: 'websiteInfo_updateColumn', placement: 'row', confirm: 'content.ops.site.updateColumnConfirm',
      async run(ctx) {
        const r = await call('api:request', { method: 'get', url: '/seo-blade-material/websiteInfo/updateColumn', params: { id: String(ctx.row!.id) } });
        const out = r.data as { failed?: { websiteName: string; message: string }[] };
        if (out.failed?.length) {
          ctx.reload();
          throw new Error(i18n.t('content.ops.site.updateColumnFailed', { reasons: out.failed.map((f) => `${f.websiteName}: ${f.message}`).join('; ') }));
        }
      },
    },
    {
      key: 'openSite', label: 'content.website.openSite', permission: 'websiteInfo_view', placement: 'row',
      // by the code beside the status name (the name is in the console's language)
      visible: (row) => row.deployed === true,
      successMessage: 'content.website.openSite',
      async run(ctx) {
        const row = ctx.row!;
        // the last deploy's URL: the back end's preview of a data-folder site, else the site's own domain
        const log = await call('api:request', { method: 'get', url: '/website-blade-deploy/websiteDeploy/page', params: { websiteInfoId: String(row.id), size: 1 } });
        const last = ((log.data as { records: { url?: string }[] }).records ?? [])[0];
        const info = await call('app:info');
        const target = last?.url || `/site-preview/${String(row.id)}/${String(row.domainName)}/index.html`;
        const url = /^https?:/.test(target) ? target : `${info.profile.baseUrl.replace(/\/$/, '')}${target.replace(/^\/api/, '')}`;
        const { opened } = await call('app:open-external', { url });
        if (!opened) window.open(url, '_blank', 'noopener');
      },
    },
  ],
};

export default websiteInfo;
