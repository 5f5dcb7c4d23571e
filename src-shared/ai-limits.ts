// The limits of an AI model setting (AI模型设置) that every instance of the back end
// keeps together (issue 30): at most `maxConcurrency` requests to the provider at
// once and at most `ratePerMinute` started in any minute (0 = no rate limit). One
// set of bounds for the form (src-renderer/screens/content/aiModel.ts) and the
// server (content/generation/resources.ts); the limiter is
// src-server/modules/content/generation/ai-limiter.ts.

export const AI_LIMITS = {
  maxConcurrency: { min: 1, max: 1000, default: 8 },
  ratePerMinute: { min: 0, max: 100_000, default: 0 },
} as const;

/** the server's messages (the form shows the same texts through i18n: content.c2.aiModel.*) */
export const AI_LIMIT_MSG = {
  concurrencyRequired: '请输入并发上限',
  concurrencyRange: '并发上限须为1-1000的整数',
  rateRequired: '请输入每分钟请求上限',
  rateRange: '每分钟请求上限须为0-100000的整数',
} as const;
