// Websites (websiteInfo): spec content-area.md §3 Website, §4, §5; deploy, SSL status, open the deployed site.
import type { ScreenDef } from '../../crud/types';
import { call } from '../../platform/bridge';
import { createTimeColumn, REMOTE, remoteSelect } from './shared';
import { SslDialog } from './SslDialog';
import { WebsiteImportDialog } from './RowsImportDialog';

const W = '/website-blade-material/websiteInfo';
const onChange = 'onChange' as const;

const websiteInfo: ScreenDef = {
  code: 'websiteInfo',
  title: 'content.website.title',
  api: { list: `${W}/page`, detail: `${W}/detail`, save: `${W}/save`, update: `${W}/update`, remove: `${W}/remove` },
  dialogWidth: 960,
  labelWidth: 120,
  columns: [
    remoteSelect('websiteGroupId', 'content.website.websiteGroupId', REMOTE.websiteGroups, {
      search: true, readonlyOnEdit: true, validateTrigger: onChange, displayField: 'websiteGroupName',
      rules: [{ required: true, message: 'content.website.groupRequired' }],
    }),
    {
      name: 'websiteType', label: 'content.website.websiteType', valueType: 'select', numeric: true, default: 0, searchOp: 'equal',
      options: [{ value: 0, label: 'content.website.typeNormal' }, { value: 1, label: 'content.website.typeAB' }, { value: 2, label: 'content.website.typeMatrix' }],
      rules: [{ required: true, message: 'content.website.websiteTypeRequired' }],
    },
    {
      name: 'websiteName', label: 'content.website.websiteName', search: true,
      rules: [{ required: true, message: 'content.website.nameRequired' }, { max: 100, message: 'content.website.nameMax' }],
    },
    { name: 'websiteLang', label: 'content.website.websiteLang', valueType: 'select', dict: 'lang', rules: [{ required: true, message: 'content.website.langRequired' }] },
    remoteSelect('domainInfoId', 'content.website.domainInfoId', REMOTE.domains, {
      hideInTable: true, validateTrigger: onChange, rules: [{ required: true, message: 'content.website.domainRequired' }],
    }),
    { name: 'domainName', label: 'content.website.domainName', hideInForm: true, search: true },
    remoteSelect('templateId', 'content.website.templateId', REMOTE.templates, {
      validateTrigger: onChange, displayField: 'templateName', rules: [{ required: true, message: 'content.website.templateRequired' }],
    }),
    remoteSelect('goodsId', 'content.website.goodsId', REMOTE.goodsGroups, { hideInTable: true }),
    {
      name: 'type', label: 'content.website.type', valueType: 'select', numeric: true, default: 0, hideInTable: true,
      options: [{ value: 1, label: 'content.website.resolveTop' }, { value: 0, label: 'content.website.resolveSub' }],
      rules: [{ required: true, message: 'content.website.typeRequired' }],
    },
    {
      name: 'subdomain', label: 'content.website.subdomain', hideInTable: true,
      // resolve type 1 (top-level domain) hides the subdomain; 0 shows it
      visibleWhen: (v) => v.type !== 1,
      rules: [
        { required: true, message: 'content.website.subdomainRequired' },
        { max: 30, message: 'content.website.subdomainMax' },
        { pattern: '^[a-z0-9]+$', message: 'content.website.subdomainPattern' },
      ],
    },
    remoteSelect('icoId', 'content.website.icoId', REMOTE.imageGroups, { hideInTable: true, validateTrigger: onChange, rules: [{ required: true, message: 'content.website.icoRequired' }] }),
    remoteSelect('logoId', 'content.website.logoId', REMOTE.imageGroups, { hideInTable: true, validateTrigger: onChange, rules: [{ required: true, message: 'content.website.logoRequired' }] }),
    remoteSelect('bannerId', 'content.website.bannerId', REMOTE.imageGroups, { hideInTable: true, validateTrigger: onChange, rules: [{ required: true, message: 'content.website.bannerRequired' }] }),
    remoteSelect('contactId', 'content.website.contactId', REMOTE.contactGroups, { hideInTable: true, validateTrigger: onChange, rules: [{ required: true, message: 'content.website.contactRequired' }] }),
    {
      name: 'keywords', label: 'content.website.keywords', valueType: 'textarea', hideInTable: true, rows: 2,
      rules: [{ required: true, message: 'content.website.keywordsRequired' }, { max: 150, message: 'content.website.keywordsMax' }],
    },
    { name: 'longTailWords', label: 'content.website.longTailWords', valueType: 'textarea', hideInTable: true, rows: 2, rules: [{ max: 200, message: 'content.website.longTailMax' }] },
    {
      name: 'descVal', label: 'content.website.descVal', valueType: 'textarea', hideInTable: true,
      rules: [{ required: true, message: 'content.website.descRequired' }, { max: 300, message: 'content.website.descMax' }],
    },
    { name: 'statusName', label: 'content.website.statusName', hideInForm: true },
    {
      name: 'isSsl', label: 'content.website.isSsl', hideInForm: true, valueType: 'select', numeric: true,
      options: [{ value: 0, label: 'content.website.sslNone' }, { value: 1, label: 'content.website.sslIssued' }],
    },
    createTimeColumn,
  ],
  extraActions: [
    { key: 'import', label: 'content.c3.websiteImport', permission: 'websiteInfo_add', placement: 'toolbar', render: WebsiteImportDialog },
    {
      key: 'deploy', label: 'content.website.deploy', permission: 'websiteInfo_edit', placement: 'both', needsSelection: true,
      confirm: 'content.website.deployConfirm', successMessage: 'content.website.deploySuccess',
      async run(ctx) {
        const ids = ctx.row ? [ctx.row.id] : ctx.selectedKeys;
        await call('api:request', { method: 'post', url: '/website-blade-deploy/websiteDeploy/deploy', data: { ids: ids.join(',') } });
      },
    },
    { key: 'ssl', label: 'content.website.ssl', permission: 'websiteInfo_view', placement: 'row', render: SslDialog },
    {
      key: 'openSite', label: 'content.website.openSite', permission: 'websiteInfo_view', placement: 'row',
      visible: (row) => row.statusName === '部署成功',
      successMessage: 'content.website.openSite',
      async run(ctx) {
        const row = ctx.row!;
        const host = row.type === 0 && row.subdomain ? `${String(row.subdomain)}.${String(row.domainName)}` : String(row.domainName);
        const info = await call('app:info');
        const url = `${info.profile.baseUrl.replace(/\/$/, '')}/site-preview/${String(row.id)}/${host}/index.html`;
        const { opened } = await call('app:open-external', { url });
        if (!opened) window.open(url, '_blank', 'noopener');
      },
    },
  ],
};

export default websiteInfo;
