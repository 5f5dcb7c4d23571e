// The content screen definitions and the upload helpers: every label and
// message exists in zh and en, the spec's conditional fields and limits.
import { describe, expect, it, vi } from 'vitest';

// area message modules register themselves with the running i18next when imported: start it first
await vi.hoisted(async () => {
  const { initI18n } = await import('../../../src-renderer/i18n');
  initI18n('zh');
});
import type { ColumnDef, FieldContext, ScreenDef } from '../../../src-renderer/crud/types';
import { formRules } from '../../../src-renderer/crud/fields';
import { toSubmitData } from '../../../src-renderer/crud/values';
import { contentMessages } from '../../../src-renderer/i18n/areas/content';
import { uploadMessages } from '../../../src-renderer/components/upload/messages';
import { acceptsExtension, sizeLabel, uploadProblem } from '../../../src-renderer/components/upload/files';
import zhCore from '../../../src-renderer/i18n/zh';
import enCore from '../../../src-renderer/i18n/en';
import websiteInfo from '../../../src-renderer/screens/content/websiteInfo';
import websiteGroup from '../../../src-renderer/screens/content/websiteGroup';
import domainInfo from '../../../src-renderer/screens/content/domainInfo';
import serverInfo from '../../../src-renderer/screens/content/serverInfo';
import websiteTemplate from '../../../src-renderer/screens/content/websiteTemplate';
import templateConfig from '../../../src-renderer/screens/content/templateConfig';
import customPageUrl from '../../../src-renderer/screens/content/customPageUrl';
import websiteNavbar from '../../../src-renderer/screens/content/websiteNavbar';
import links from '../../../src-renderer/screens/content/links';
import advert from '../../../src-renderer/screens/content/advert';
import contactInfo from '../../../src-renderer/screens/content/contactInfo';
import imgGroup from '../../../src-renderer/screens/content/imgGroup';
import websiteImg from '../../../src-renderer/screens/content/websiteImg';
import goods from '../../../src-renderer/screens/content/goods';
import websiteLanguage from '../../../src-renderer/screens/content/websiteLanguage';
import websiteAssocia from '../../../src-renderer/screens/content/websiteAssocia';
import templatePageConfig from '../../../src-renderer/screens/content/templatePageConfig';
import { TEMPLATE_PAGE_CONFIG } from '../../../src-shared/declarations/page-configs';
import { goodsSubScreen } from '../../../src-renderer/screens/content/GoodsSubDialog';
import { MESSAGES, messageResources } from '../../../src-shared/messages';
import { WEBSITE_INFO } from '../../../src-shared/declarations/sites';
import { firstBroken } from '../../../src-shared/declarations/declare';

const SCREENS: ScreenDef[] = [
  websiteInfo, websiteGroup, domainInfo, serverInfo, websiteTemplate, templateConfig, customPageUrl, websiteNavbar, links, advert,
  contactInfo, imgGroup, websiteImg, goods, websiteLanguage, websiteAssocia, goodsSubScreen('1'), templatePageConfig,
];

const lookup = (tree: unknown, key: string): unknown => key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], tree);
const has = (lang: 'zh' | 'en', key: string): boolean =>
  typeof (lookup(contentMessages[lang], key) ?? lookup(uploadMessages[lang], key) ?? lookup(lang === 'zh' ? zhCore : enCore, key) ?? lookup(messageResources(lang), key)) === 'string';

function keysOf(def: ScreenDef): string[] {
  const keys = [def.title];
  for (const c of def.columns) {
    keys.push(c.label, ...(c.rules ?? []).map((r) => r.message), ...(c.options ?? []).map((o) => o.label));
    if (c.extra) keys.push(c.extra);
    if (c.requiredWhen) keys.push(c.requiredWhen.message);
    if (c.upload?.typeMessage) keys.push(c.upload.typeMessage);
    if (c.upload?.sizeMessage) keys.push(c.upload.sizeMessage);
  }
  for (const a of def.extraActions ?? []) keys.push(a.label, ...(a.confirm ? [a.confirm] : []), ...(a.successMessage ? [a.successMessage] : []));
  return keys;
}

const col = (def: ScreenDef, name: string): ColumnDef => def.columns.find((c) => c.name === name)!;
const add: FieldContext = { mode: 'add', tenantId: '000000' };
const fakeT = ((key: string) => key) as unknown as Parameters<typeof formRules>[0];

describe('content screens', () => {
  it('every label and message of every screen exists in zh and in en', () => {
    for (const def of SCREENS) {
      for (const key of keysOf(def)) {
        expect({ screen: def.code, key, zh: has('zh', key), en: has('en', key) }).toEqual({ screen: def.code, key, zh: true, en: true });
      }
    }
  });

  it('en mirrors every zh key of the content area', () => {
    const flat = (o: Record<string, unknown>, p = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) => (typeof v === 'string' ? [`${p}${k}`] : flat(v as Record<string, unknown>, `${p}${k}.`)));
    expect(flat(contentMessages.en).sort()).toEqual(flat(contentMessages.zh).sort());
    expect(flat(uploadMessages.en).sort()).toEqual(flat(uploadMessages.zh).sort());
  });

  it('uses the spec messages (zh) for the website, group, domain, template and material rules', () => {
    const zh = (key: string) => lookup(contentMessages.zh, key);
    // the declared resources' messages are the table's (src-shared/messages), read by the form and the server
    expect(MESSAGES['site.subdomainPattern'].zh).toBe('只能输入小写英文字母和数字');
    expect(MESSAGES['site.groupNameRequired'].zh).toBe('请输入分组名称');
    expect(MESSAGES['site.groupTypeRequired'].zh).toBe('请选择分组类型');
    expect(MESSAGES['site.domainNameRequired'].zh).toBe('请输入域名名称');
    expect(MESSAGES['site.domainValueRequired'].zh).toBe('请输入域名');
    expect(MESSAGES['site.domainServiceRequired'].zh).toBe('请选择解析方式');
    expect(MESSAGES['site.domainServerRequired'].zh).toBe('请选择服务器名称');
    expect(MESSAGES['material.templateNameRequired'].zh).toBe('请输入模板名称');
    expect(MESSAGES['material.imageRequired'].zh).toBe('请上传图片');
    expect(zh('content.template.imageType')).toBe('只能上传jpg/png图片');
    expect(zh('content.template.imageSize')).toBe('上传头像图片大小不能超过5MB');
    expect(lookup(uploadMessages.zh, 'upload.success')).toBe('上传成功!');
    expect(lookup(uploadMessages.zh, 'upload.failed')).toBe('上传失败');
  });

  it('website: resolve type 1 hides the subdomain, 0 shows it; the group is fixed on edit; required selects check on change', () => {
    const sub = col(websiteInfo, 'subdomain');
    expect(sub.visibleWhen!({ type: 1 }, add)).toBe(false);
    expect(sub.visibleWhen!({ type: 0 }, add)).toBe(true);
    // its rules are the declaration's (src-shared/declarations/sites.ts)
    const subRules = WEBSITE_INFO.fields.subdomain;
    expect(firstBroken(subRules, 'www2')).toBeNull();
    expect(firstBroken(subRules, 'Www')?.message).toBe('site.subdomainPattern');
    expect(firstBroken(subRules, 'a'.repeat(31))?.message).toBe('site.subdomainMax');
    expect(col(websiteInfo, 'websiteGroupId').readonlyOnEdit).toBe(true);
    for (const name of ['websiteGroupId', 'domainInfoId', 'templateId', 'icoId', 'logoId', 'bannerId', 'contactId']) {
      expect(col(websiteInfo, name).validateTrigger).toBe('onChange');
    }
    expect(firstBroken(WEBSITE_INFO.fields.websiteName, 'a'.repeat(101))?.message).toBe('site.websiteNameMax');
    expect(firstBroken(WEBSITE_INFO.fields.descVal, 'a'.repeat(301))?.message).toBe('site.websiteDescMax');
    expect(firstBroken(WEBSITE_INFO.fields.keywords, 'a'.repeat(151))?.message).toBe('site.keywordsMax');
    expect(WEBSITE_INFO.fields.longTailWords.rules).toEqual([{ maxLength: 200, message: 'site.longTailMax' }]);
    // a hidden subdomain is not sent
    const body = toSubmitData(websiteInfo, { type: 1, websiteName: 'a' });
    expect(body).not.toHaveProperty('subdomain');
  });

  it('website: 打开网站 shows by the deploy code the server answers beside statusName, whatever the name\'s language', () => {
    const open = websiteInfo.extraActions!.find((a) => a.key === 'openSite')!;
    expect(open.visible!({ id: '1', statusName: 'Deployed', deployed: true })).toBe(true);
    expect(open.visible!({ id: '1', statusName: '部署成功', deployed: true })).toBe(true);
    expect(open.visible!({ id: '1', statusName: 'Deploy failed', deployed: false })).toBe(false);
    expect(open.visible!({ id: '1', statusName: 'Not deployed', deployed: false })).toBe(false);
  });

  it('domain: transfer switch only when adding, server fixed on edit; server: password required on add only, tenants only in tenant mode', () => {
    expect(col(domainInfo, 'isCloudflare').addOnly).toBe(true);
    expect(col(domainInfo, 'serverId').readonlyOnEdit).toBe(true);
    expect(col(domainInfo, 'recordNumber').extra).toBe('content.domain.recordHint');
    const pw = col(serverInfo, 'serverPassword');
    expect(pw.hideInTable).toBe(true);
    expect(pw.requiredWhen!.when({}, add)).toBe(true);
    expect(pw.requiredWhen!.when({}, { ...add, mode: 'edit' })).toBe(false);
    const tenants = col(serverInfo, 'bindTenantId');
    expect(tenants.multiple).toBe(true);
    expect(tenants.visibleWhen!({}, add)).toBe(true);
    expect(tenants.visibleWhen!({}, { ...add, tenantId: '123456' })).toBe(false);
    expect(col(serverInfo, 'status').hideInForm).toBe(true);
  });

  it('template and material images carry the spec limits; image groups open at width 600', () => {
    expect(col(websiteTemplate, 'image').upload).toMatchObject({ accept: ['jpg', 'png'], maxKB: 5120, scene: 'template' });
    expect(col(websiteImg, 'imageUrl').upload).toMatchObject({ accept: ['jpeg', 'jpg', 'png', 'ico'], maxKB: 1024, scene: 'material' });
    expect(col(websiteTemplate, 'useNum').hideInForm).toBe(true);
    expect(col(links, 'articleCount').hideInForm).toBe(true);
    expect(col(links, 'status').default).toBe(0);
    expect(col(links, 'openPage').default).toBe(0);
    expect(col(websiteTemplate, 'status').default).toBe(1);
    expect(imgGroup.dialogWidth).toBe(600);
    expect(col(templateConfig, 'type').dict).toBe('template_config_type');
    expect(col(websiteNavbar, 'type').dict).toBe('navbar_type');
    expect(col(websiteAssocia, 'status').dict).toBe('domain_info_staus');
    // the goods of a group: filtered by it, added into it
    const sub = goodsSubScreen('42');
    expect(sub.listParams).toEqual({ pId_equal: '42' });
    expect(col(sub, 'pId')).toMatchObject({ default: '42', readonlyOnEdit: true });
  });

  it('a required number or numeric select is not checked as a string', () => {
    const rules = formRules(fakeT, { name: 'serverPort', label: 'x', valueType: 'number', rules: [{ required: true, message: 'm' }] });
    expect(rules[0]).toEqual({ required: true, message: 'm' });
    const text = formRules(fakeT, { name: 'n', label: 'x', rules: [{ required: true, message: 'm' }] });
    expect(text[0]).toEqual({ required: true, whitespace: true, message: 'm' });
  });
});

describe('template page patterns in the form', () => {
  /** the message of the first of the declaration's pattern rules (the form's too) that refuses the value (required and length aside) */
  const refusal = (name: string, value: string): string | null =>
    (TEMPLATE_PAGE_CONFIG.cross ?? []).find((r) => r.field === name && r.refuses({ [name]: value }))?.message ?? null;

  it('refuses what the renderer would not use, each with its own message, and accepts what it uses', () => {
    expect(refusal('listPage', 'list')).toBe('pageConfig.listMissingVar');
    expect(refusal('listPage', 'news/{cateId}/{id}/')).toBe('pageConfig.listPlaceholder');
    expect(refusal('listPage', '新闻/{cateId}/')).toBe('pageConfig.listChars');
    expect(refusal('listPage', '../{cateId}/')).toBe('pageConfig.listSegment');
    expect(refusal('detailsPage', 'detail.html')).toBe('pageConfig.detailsMissingVar');
    expect(refusal('detailsPage', '{page}/{id}.html')).toBe('pageConfig.detailsPlaceholder');
    for (const ok of ['{cateId}/', 'news/{cateId}/', '/list-{cateId}.html']) expect(refusal('listPage', ok)).toBeNull();
    for (const ok of ['{cateId}/{id}.html', 'article/{id}.html']) expect(refusal('detailsPage', ok)).toBeNull();
  });
});

describe('upload checks', () => {
  it('accepts the listed extensions (jpg and jpeg alike) and refuses the rest', () => {
    expect(acceptsExtension(['jpg', 'png'], 'jpeg')).toBe(true);
    expect(acceptsExtension(['jpeg', 'png'], 'jpg')).toBe(true);
    expect(acceptsExtension(['jpg', 'png'], 'gif')).toBe(false);
    expect(uploadProblem({ name: 'a.GIF', size: 1 }, ['jpg', 'png'], 5120)).toBe('type');
    expect(uploadProblem({ name: 'a.PNG', size: 5 * 1024 * 1024 + 1 }, ['jpg', 'png'], 5120)).toBe('size');
    expect(uploadProblem({ name: 'a.png', size: 5 * 1024 * 1024 }, ['jpg', 'png'], 5120)).toBeNull();
    expect(uploadProblem({ name: 'noext', size: 1 }, ['jpg'], 10)).toBe('type');
  });

  it('labels sizes as the spec writes them', () => {
    expect(sizeLabel(10 * 1024)).toBe('10 MB');
    expect(sizeLabel(500)).toBe('500 kb');
  });
});
