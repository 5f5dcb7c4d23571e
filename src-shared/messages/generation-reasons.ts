// Business messages of AI generation (spec content-area.md §5): why a generation task failed (gpt_produce_article
// .error_msg) and why one of its keywords did (gpt_article.error). The zh text stays in those columns (the stock wire,
// older rows), the key and params in their error_reason column (src-shared/messages/stored.ts). zh is the text the
// server wrote before keys; {{endpoint}}, {{code}} and {{detail}} are the provider's URL and its own words.
import type { MessageFamily } from './text';

export const GENERATION_REASONS = {
  'genReason.noModel': { zh: '没有启用的AI模型设置', en: 'No AI model setting is enabled' },
  'genReason.noFile': { zh: '关键字文件不存在', en: 'The keyword file does not exist' },
  'genReason.noKeywords': { zh: '关键字文件中没有关键词', en: 'The keyword file holds no keyword' },
  'genReason.noPrompts': { zh: '没有生成描述', en: 'The task has no prompt' },
  'genReason.quota': { zh: '文章数量已达到租户额度上限', en: "The tenant's article quota is used up" },
  'genReason.unreachable': { zh: '无法连接AI接口 {{endpoint}}: {{code}}', en: 'Cannot reach the AI endpoint {{endpoint}}: {{code}}' },
  'genReason.timeout': { zh: '请求超时', en: 'the request timed out' },
  'genReason.http': { zh: 'AI接口错误: HTTP {{status}} {{endpoint}}', en: 'The AI endpoint answered an error: HTTP {{status}} {{endpoint}}' },
  'genReason.httpDetail': { zh: 'AI接口错误: HTTP {{status}} {{endpoint}} ({{detail}})', en: 'The AI endpoint answered an error: HTTP {{status}} {{endpoint}} ({{detail}})' },
  'genReason.error': { zh: 'AI接口错误: {{endpoint}}', en: 'AI endpoint error: {{endpoint}}' },
  'genReason.interrupted': { zh: '生成中断，重试次数已用完: {{detail}}', en: 'Generation was interrupted and no retry is left: {{detail}}' },
  'genReason.empty': { zh: 'AI接口返回内容为空: {{endpoint}}', en: 'The AI endpoint answered no content: {{endpoint}}' },
  // 测试连接 of an AI model setting
  'genReason.testNoKey': { zh: '请先填写密钥并保存', en: 'Enter the key and save first' },
  'genReason.testBusy': { zh: '等待AI模型的并发或速率上限超时，请稍后再试', en: "Timed out waiting for the AI model's concurrency or rate limit; please try again later" },
} as const satisfies MessageFamily;
