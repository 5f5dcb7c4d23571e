// The sample matrix's messages (工作台's 示例矩阵 card, /seo-blade-sample): loading and removing it, and why either
// is refused. zh is the text the server answered before keys existed.
import type { MessageFamily } from './text';

export const SAMPLE_MESSAGES = {
  'sample.loadedDone': { zh: '示例矩阵已加载', en: 'The sample matrix is loaded' },
  'sample.removedDone': { zh: '示例矩阵已移除', en: 'The sample matrix is removed' },
  'sample.loaded': { zh: '示例矩阵已加载，请先移除再重新加载', en: 'The sample matrix is loaded already: remove it before loading it again' },
  'sample.notLoaded': { zh: '示例矩阵未加载', en: 'The sample matrix is not loaded' },
  'sample.busy': { zh: '示例矩阵中有正在执行的任务，请等任务结束后再移除', en: 'A task of the sample matrix is running: remove it once the task has ended' },
  'sample.tenantTaken': { zh: '租户ID {{tenantId}} 已被其他租户使用，不能加载示例矩阵', en: 'Tenant ID {{tenantId}} is used by another tenant: the sample matrix cannot be loaded' },
} as const satisfies MessageFamily;
