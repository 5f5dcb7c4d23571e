// Pieces shared by the content screen definitions: option sources read from the
// back end and the common 0/1 status options.
import type { ColumnDef, OptionDef, RemoteOptions } from '../../crud/types';
import '../../i18n/areas/content';
import '../../i18n/areas/content-checks';

const M = '/website-blade-material';

export const REMOTE = {
  websiteGroups: { url: `${M}/websiteGroup/listGroup`, labelKey: 'name' },
  websites: { url: `${M}/websiteInfo/listGroup`, labelKey: 'websiteName' },
  /** websites carrying their group, for a select that follows a website group field (filterBy) */
  websitesByGroup: { url: `${M}/websiteInfo/listGroup`, labelKey: 'websiteName', parentKey: 'websiteGroupId' },
  /** the article columns that hold pages (type 2; a jump page holds no article), carrying their website group (filterBy) */
  pageCatesByGroup: { url: '/seo-blade-article/cate/page', params: { size: 1000, type_equal: 2 }, labelKey: 'cateName', parentKey: 'websiteGroupId' },
  domains: { url: `${M}/domainInfo/listGroup`, labelKey: 'domain' },
  domainServices: { url: `${M}/domainInfo/enum`, labelKey: 'dictValue', valueKey: 'dictKey' },
  servers: { url: `${M}/serverInfo/listGroup`, labelKey: 'serverName' },
  tenants: { url: `${M}/serverInfo/server-bind-tenant`, labelKey: 'tenantName', valueKey: 'tenantId' },
  templates: { url: '/seo-blade-material/websiteTemplate/page', labelKey: 'templateName' },
  imageGroups: { url: `${M}/imgGroup/page`, labelKey: 'name' },
  contactGroups: { url: `${M}/contactInfo/page`, labelKey: 'name' },
  goodsGroups: { url: `${M}/goods/page`, labelKey: 'name' },
  languages: { url: '/website/LanguageList', labelKey: 'language' },
} satisfies Record<string, RemoteOptions>;

/** 0 off / 1 on */
export const ON_OFF: OptionDef[] = [
  { value: 0, label: 'content.common.off' },
  { value: 1, label: 'content.common.on' },
];
/** 0 disabled / 1 enabled */
export const ENABLED: OptionDef[] = [
  { value: 0, label: 'content.common.disabled' },
  { value: 1, label: 'content.common.enabled' },
];
/** a background task's status (generation, imports): failed red, partly failed and cancelled orange */
export const TASK_STATUS: OptionDef[] = [
  { value: 0, label: 'content.c2.taskStatus.queued' },
  { value: 1, label: 'content.c2.taskStatus.running' },
  { value: 2, label: 'content.c2.taskStatus.done', tone: 'success' },
  { value: 3, label: 'content.c2.taskStatus.failed', tone: 'error' },
  { value: 4, label: 'content.c2.taskStatus.partlyFailed', tone: 'warning' },
  { value: 5, label: 'content.c2.taskStatus.cancelled', tone: 'warning' },
];
/** the i18n key of a task status's name */
export const taskStatusLabel = (status: number): string => TASK_STATUS.find((o) => o.value === status)?.label ?? '';
export const YES_NO: OptionDef[] = [
  { value: 0, label: 'content.common.no' },
  { value: 1, label: 'content.common.yes' },
];

/** A select of ids read from the back end, searchable with an exact match. */
export function remoteSelect(name: string, label: string, remote: RemoteOptions, extra: Partial<ColumnDef> = {}): ColumnDef {
  return { name, label, valueType: 'select', remote, searchOp: 'equal', ...extra };
}

export const createTimeColumn: ColumnDef = { name: 'createTime', label: 'content.common.createTime', hideInForm: true, width: 170 };

/**
 * the 执行情况 column of a task screen: the task's latest durable job (crud/JobCell.tsx), in the list and the view
 * dialog; wide enough for its facts on two lines (and the reason on a third) when the table scrolls sideways
 */
export const jobColumn: ColumnDef = { name: 'job', label: 'crud.job.column', valueType: 'job', width: 250 };
