// Messages of the site dashboard's search-engine traffic (数据看板: range, engine and
// website filters, the measures, the chart, the top tables, the Search Console
// CSV import), zh default and en complete (search-dashboard.messages.ts).
// Imported by the screen, which registers them. The site totals' labels stay in
// content.dashboard.
import { addMessages } from '../index';
import { en, zh } from './search-dashboard.messages';

export const searchDashboardMessages = { zh, en };
addMessages(searchDashboardMessages);
