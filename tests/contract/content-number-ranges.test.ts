// Numbers out of range are refused by the server with the range in the message (issue 38 item 6), never clamped
// nor taken: every number field of the content resources, below its least value, above its most, and not a whole
// number where one is asked (a format error would not name the range). In range, each one saves as sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, login, startHarness, type Harness } from './helpers';

type Rec = Record<string, unknown>;
const M = '/website-blade-material';

describe('number fields of the content area: out of range is refused with the range', () => {
  let h: Harness;
  let base: string;
  let admin: string;
  let groupId: string;
  const post = (path: string, json: unknown) => api<Rec>(base, admin, 'POST', path, { json });

  beforeAll(async () => {
    h = await startHarness();
    base = h.server.url;
    admin = await login(base);
    groupId = String((await post(`${M}/websiteGroup/save`, { name: '数字组', type: 0 })).body.data.id);
  });
  afterAll(() => h.stop());

  /** each value refused with the message; then `fine` saves and answers it unchanged */
  const refuses = async (path: string, row: Rec, field: string, values: unknown[], message: string, fine: number) => {
    for (const value of values) {
      const r = await post(path, { ...row, [field]: value });
      expect({ field, value, status: r.status, msg: r.body.msg }).toEqual({ field, value, status: 400, msg: message });
    }
    const ok = await post(path, { ...row, [field]: fine });
    expect(ok.status, String(ok.body.msg)).toBe(200);
    expect(ok.body.data[field]).toBe(fine);
  };

  it('AI model: temperature 0-2 with 2 decimals, return tokens a whole number of 0 or more', async () => {
    const model = { name: '范围模型', apiKey: 'sk-range-0001', url: 'http://127.0.0.1:9/v1', model: 'm', platform: 'openai', temperature: 0.5, maxTokens: 100, status: 2 };
    await refuses('/seo-blade-article/aiModel/submit', model, 'temperature', [2.5, -0.1, 3], '温度范围为0-2', 2);
    await refuses('/seo-blade-article/aiModel/submit', model, 'temperature', [1.234], '温度最多两位小数', 1.23);
    await refuses('/seo-blade-article/aiModel/submit', model, 'maxTokens', [-1, 1.5], '返回token数须为不小于0的整数', 0);
  });

  it('article 排序: a whole number from 0 to 99999', async () => {
    // the rules are judged before the article's references are looked up
    const article = { websiteGroupId: 'g', websiteInfoId: 's', parentId: 'c', title: 't', keyword: 'k', content: '<p>c</p>', descVal: 'd' };
    for (const sort of [-5, 100000, 1.5]) {
      const r = await post('/website-blade-article/article/save', { ...article, sort });
      expect({ sort, status: r.status, msg: r.body.msg }).toEqual({ sort, status: 400, msg: '排序范围为0-99999' });
    }
  });

  it('navigation bar 排序: a whole number from 0 to 99999', async () => {
    const navbar = { name: '首页', type: 1, url: '/', cateId: groupId, status: 1 };
    await refuses('/blade-material/websiteNavbar/submit', navbar, 'sort', [-5, 100000, 2.5], '排序范围为0-99999', 7);
  });

  it('generation task: 最大Token数 a whole number from 1 to 4096', async () => {
    const task = { taskName: '范围任务', prompts: [{ input: '写{keyword}' }], fileLink: '/api/blade-resource/oss/endpoint/file/k.txt', fileName: 'k.txt' };
    await refuses('/seo-blade-article/gptProduceArticle/save', task, 'maxTokens', [0, -1, 4097, 100.5], '最大Token数范围为1-4096', 4096);
  });

  it('server port: a whole number from 1 to 65535', async () => {
    const server = { serverName: '端口', serverIp: '10.6.0.1', serverUsername: 'u', serverPassword: 'p', serverType: 'local' };
    await refuses(`${M}/serverInfo/save`, server, 'serverPort', [0, 65536, 22.5], '端口范围为1-65535', 2222);
  });

  it('deploy task: article counts whole numbers of 0 or more; a fixed rate whole seconds of 1 or more', async () => {
    const white = String((await post(`${M}/websiteGroup/save`, { name: '白帽数字组', type: 1 })).body.data.id);
    const task = { taskName: '范围部署', groupIds: white, scheduleType: 'NONE', articleCount: 1, abArticleCount: 0 };
    await refuses('/website-blade-deploy/deployTasks/save', task, 'articleCount', [-1, 1.5], '文章发布数量须为不小于0的整数', 3);
    await refuses('/website-blade-deploy/deployTasks/save', task, 'abArticleCount', [-1, 0.5], 'A/B文章数量须为不小于0的整数', 2);
    for (const scheduleConf of ['0', '-5', '1.5']) {
      const r = await post('/website-blade-deploy/deployTasks/save', { ...task, scheduleType: 'FIX_RATE', scheduleConf });
      expect({ scheduleConf, status: r.status, msg: r.body.msg }).toEqual({ scheduleConf, status: 400, msg: '固定速度必须是大于0的整数（秒）' });
    }
  });
});
