// The sample matrix's content: what a new operator finds in the sample tenant.
// Deterministic (the same rows every time), built from small word lists so the
// module carries no bulky fixtures: three websites in two groups, each on a
// domain served from a local-folder server, two templates, four categories per
// group, 100 published articles per website, 120 keywords, an AI model that
// points at an OpenAI-compatible address but stays off until a key is set, and
// one generate-article task with a five-keyword file, ready to start.

export interface SampleSite {
  key: string;
  name: string;
  domain: string;
  group: 'whiteHat' | 'plain';
  topic: string;
  /** words the titles and keywords are built from */
  words: string[];
  /** the logo's colour */
  colour: [number, number, number];
}

export const SAMPLE_TENANT = { tenantId: '888888', tenantName: '示例矩阵', linkman: '示例' } as const;

/** what the sample tenant's administrator may open: the workbench, the whole content area, and the tenant's users, departments and roles */
export const SAMPLE_MENUS = ['workbench', 'site', 'infra', 'material', 'content', 'ai', 'user', 'dept', 'role'];

/** website groups (type 1: white hat) and their categories (categories belong to a group) */
export const SAMPLE_GROUPS = {
  whiteHat: { name: '示例白帽分组', type: 1, categories: ['资讯', '攻略', '问答', '专题'] },
  plain: { name: '示例普通分组', type: 0, categories: ['装修设计', '材料选购', '收纳整理', '软装搭配'] },
} as const;

/** templates (type: the template screen's 1 general / 2 news / 3 company) with a preview image in their colour */
export const SAMPLE_TEMPLATES: readonly { name: string; type: string; colour: [number, number, number] }[] = [
  { name: '示例模板（资讯）', type: '2', colour: [69, 90, 100] },
  { name: '示例模板（企业）', type: '3', colour: [93, 64, 55] },
];

/** the websites' language: a key of the lang dictionary, so one of every tenant's seeded languages */
export const SAMPLE_LANG = 'zh-CN';

export const SAMPLE_CONTACT = { name: '示例客服', phone: '400-000-0000', weChat: 'sample-matrix' } as const;

export const SAMPLE_SERVER = { name: '示例服务器（本机目录）', ip: '127.0.0.1', port: 22, username: 'local' } as const;

export const SAMPLE_SITES: SampleSite[] = [
  {
    key: 'tea',
    name: '示例茶叶资讯站',
    domain: 'tea.sample-matrix.test',
    group: 'whiteHat',
    topic: '茶叶',
    colour: [46, 125, 50],
    words: ['绿茶', '红茶', '普洱', '乌龙茶', '白茶', '龙井', '铁观音', '茉莉花茶', '碧螺春', '大红袍'],
  },
  {
    key: 'travel',
    name: '示例旅行攻略站',
    domain: 'travel.sample-matrix.test',
    group: 'whiteHat',
    topic: '旅行',
    colour: [21, 101, 192],
    words: ['杭州', '成都', '西安', '厦门', '大理', '桂林', '青岛', '丽江', '苏州', '三亚'],
  },
  {
    key: 'home',
    name: '示例家居装修站',
    domain: 'home.sample-matrix.test',
    group: 'plain',
    topic: '家居',
    colour: [191, 54, 12],
    words: ['客厅', '卧室', '厨房', '卫生间', '阳台', '书房', '玄关', '儿童房', '餐厅', '衣帽间'],
  },
];

const ANGLES = ['入门指南', '常见问题', '十个技巧', '选购要点', '完整攻略', '注意事项', '新手必看', '进阶方法', '经验分享', '深度解读'];

export const ARTICLES_PER_SITE = 100;

export interface SampleArticle {
  title: string;
  keyword: string;
  desc: string;
  content: string;
  category: string;
  sort: number;
}

/** The articles of a site: every word with every angle, spread over the categories. */
export function sampleArticles(site: SampleSite, categories: readonly string[]): SampleArticle[] {
  const out: SampleArticle[] = [];
  for (let i = 0; i < ARTICLES_PER_SITE; i++) {
    const word = site.words[i % site.words.length];
    const angle = ANGLES[Math.floor(i / site.words.length) % ANGLES.length];
    const title = `${word}${angle}`;
    const desc = `关于${word}的${angle}：${site.topic}爱好者常问的几个问题，一篇讲清楚。`;
    const content = [
      `<h2>${title}</h2>`,
      `<p>${word}是${site.topic}话题里最常被搜索的内容之一。本文从${angle}的角度，整理了读者最关心的要点。</p>`,
      `<p>第一，先弄清楚${word}的基本情况；第二，结合自己的需求做选择；第三，留意季节和预算带来的差别。</p>`,
      `<p>这是示例矩阵中的示例文章，可以随意修改、发布或删除。</p>`,
    ].join('\n');
    out.push({ title, keyword: word, desc, content, category: categories[i % categories.length], sort: i });
  }
  return out;
}

/** 120 keywords: every site's words with four search suffixes */
export function sampleKeywords(): string[] {
  const suffixes = ['怎么选', '多少钱', '推荐', '攻略'];
  return SAMPLE_SITES.flatMap((s) => s.words.flatMap((w) => suffixes.map((x) => `${w}${x}`)));
}

export const SAMPLE_AI_MODEL = {
  name: '示例模型（请设置密钥）',
  url: 'https://api.openai.com/v1',
  model: 'gpt-4o-mini',
  platform: 'openai',
  temperature: 0.7,
  maxTokens: 1024,
} as const;

export const SAMPLE_GENERATION = {
  taskName: '示例生成任务',
  prompt: '写一篇关于{keyword}的文章，适合茶叶资讯网站',
  fileName: 'sample-keywords.txt',
  keywords: ['绿茶的功效', '红茶怎么泡', '普洱茶存放', '白茶的年份', '龙井茶产地'],
} as const;
