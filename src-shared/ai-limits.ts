// The limits of an AI model setting (AI模型设置) that every instance of the back end
// keeps together (issue 30): at most `maxConcurrency` requests to the provider at
// once and at most `ratePerMinute` started in any minute (0 = no rate limit). One
// set of bounds, declared with the AI model's fields (src-shared/declarations/generation.ts)
// for the form and the server; their messages are generation.concurrency* / rate*; the limiter is
// src-server/modules/content/generation/ai-limiter.ts.

export const AI_LIMITS = {
  maxConcurrency: { min: 1, max: 1000, default: 8 },
  ratePerMinute: { min: 0, max: 100_000, default: 0 },
} as const;
