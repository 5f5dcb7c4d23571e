// A website's 图标 / Logo / Banner image groups hold images (issue 38 item 3): a group without one is refused at save
// with the message the deploy gives (Logo分组中没有图片 ...), on add and on edit; the deploy keeps its check for a
// group emptied after the save.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, login, SABER, startHarness, uploadPng, type Harness } from './helpers';

type Rec = Record<string, unknown>;
const M = '/website-blade-material';

describe("a website's image groups hold images", () => {
  let h: Harness;
  let base: string;
  let admin: string;
  let site: Rec;
  let full: string;
  let empty: string;
  let fullImage: string;
  const post = (path: string, json: unknown, query?: Record<string, string>) => api<Rec>(base, admin, 'POST', path, { json, query });
  const idOf = async (path: string, json: Rec): Promise<string> => {
    const r = await post(path, json);
    if (r.status !== 200) throw new Error(`${path}: ${r.body.msg}`);
    return r.body.data.id as string;
  };
  const upload = (name: string, scene: string): Promise<string> => uploadPng(base, admin, name, scene);

  beforeAll(async () => {
    h = await startHarness();
    base = h.server.url;
    admin = await login(base);
    const groupId = await idOf(`${M}/websiteGroup/save`, { name: '图片组', type: 0 });
    const serverId = await idOf(`${M}/serverInfo/save`, { serverName: 'web', serverIp: '10.5.0.1', serverPort: 22, serverUsername: 'u', serverPassword: 'p', serverType: 'local' });
    const domainId = await idOf(`${M}/domainInfo/save`, { name: '图片站', domain: 'images-example.com', domainService: '1', serverId });
    const templateId = await idOf('/seo-blade-material/websiteTemplate/submit', { templateName: '模板', type: '1', image: await upload('tpl.png', 'template') });
    const contactId = await idOf(`${M}/contactInfo/submit`, { name: '客服' });
    full = await idOf(`${M}/imgGroup/submit`, { name: '有图' });
    fullImage = await idOf(`${M}/websiteImg/submit`, { imageUrl: await upload('logo.png', 'material'), alt: 'Logo', imgGroupId: full });
    empty = await idOf(`${M}/imgGroup/submit`, { name: '空组' });
    site = {
      websiteGroupId: groupId, websiteType: 0, websiteName: '图片站', websiteLang: 'zh-CN', descVal: 'd', keywords: 'k',
      domainInfoId: domainId, templateId, type: 1, icoId: full, logoId: full, bannerId: full, contactId,
    };
  });
  afterAll(() => h.stop());

  it('refuses an empty 图标, Logo or Banner group on add, with the deploy\'s message', async () => {
    const cases: [string, string][] = [['icoId', '图标分组中没有图片'], ['logoId', 'Logo分组中没有图片'], ['bannerId', 'Banner分组中没有图片']];
    for (const [field, msg] of cases) {
      const r = await post(`${M}/websiteInfo/save`, { ...site, [field]: empty });
      expect({ field, status: r.status, msg: r.body.msg }).toEqual({ field, status: 400, msg });
    }
    // a business message of the table (issue 39): in the caller's language when it prefers English
    const en = await fetch(`${base}${M}/websiteInfo/save`, {
      method: 'POST',
      headers: { Authorization: SABER, 'Blade-Auth': `bearer ${admin}`, 'Content-Type': 'application/json', 'Accept-Language': 'en' },
      body: JSON.stringify({ ...site, logoId: empty }),
    });
    expect({ status: en.status, msg: ((await en.json()) as { msg: string }).msg }).toEqual({ status: 400, msg: 'The logo group holds no image' });
    site.id = await idOf(`${M}/websiteInfo/save`, site);
  });

  it('refuses an empty group on edit; a group that got an image is taken', async () => {
    const r = await post(`${M}/websiteInfo/update`, { ...site, bannerId: empty });
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe('Banner分组中没有图片');
    await idOf(`${M}/websiteImg/submit`, { imageUrl: await upload('banner.png', 'material'), alt: 'Banner', imgGroupId: empty });
    const ok = await post(`${M}/websiteInfo/update`, { ...site, bannerId: empty });
    expect(ok.status).toBe(200);
    expect(ok.body.data.bannerId).toBe(empty);
  });

  it('the deploy keeps its check for a Logo group emptied after the save', async () => {
    const removed = await post(`${M}/websiteImg/remove`, {}, { ids: fullImage });
    expect(removed.body.msg).toBe('操作成功');
    const r = await post('/website-blade-deploy/websiteDeploy/deploy', { id: site.id });
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe('部署失败: Logo分组中没有图片; 线上版本未改变');
    const last = await api<{ records: Rec[] }>(base, admin, 'GET', '/website-blade-deploy/websiteDeploy/page', { query: { websiteInfoId: String(site.id) } });
    expect(last.body.data.records[0]).toMatchObject({ statusName: '部署失败', message: '部署失败: Logo分组中没有图片; 线上版本未改变' });
  });
});
