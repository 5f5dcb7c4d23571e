// The keywords family's messages (spec content-area.md §7): managed keywords and keywords kept for generation.
import type { MessageFamily } from './text';

export const KEYWORD_MESSAGES = {
  'keyword.managedRequired': { zh: '请输入关键词', en: 'Please enter the keyword' },
  'keyword.managedMax': { zh: '关键词不能超过50个字符', en: 'The keyword may not exceed 50 characters' },
  'keyword.genTypeRequired': { zh: '请选择关键词类型', en: 'Please select the keyword type' },
  'keyword.genRequired': { zh: '请输入关键词', en: 'Please enter the keyword' },
  'keyword.genMax': { zh: '关键词不能超过100个字符', en: 'The keyword may not exceed 100 characters' },
} as const satisfies MessageFamily;
