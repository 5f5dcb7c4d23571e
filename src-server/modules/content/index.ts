// Server module: the site-matrix content area: websites, infrastructure, material, categories, articles, keywords, AI tasks.
// Migrations are numbered 300-399.
import type { ServerModule } from '../types';

export const contentModule: ServerModule = {
  name: 'content',
  migrations: [],
  resources: [],
};
