// The material tables as the content area's first migrations created them. The
// applied migrations (content/migrations.ts) list these in their order; never edit
// one: a change is a new migration.
import { table, AUDIT0 } from '../shared/schema';

/** templates (migration 300) */
export const WEBSITE_TEMPLATE_TABLE = [
  table('website_template', `  template_name TEXT NOT NULL,
  type TEXT,
  image TEXT,
  use_num INTEGER NOT NULL DEFAULT 0`),
].join('\n');

/** template settings per website (migration 300) */
export const TEMPLATE_CONFIG_TABLE = [
  table('website_template_config', `  website_info_id TEXT,
  type INTEGER,
  name TEXT,
  config_key TEXT,
  config_value TEXT`),
].join('\n');

/** template pages (migration 300) */
export const PAGE_CONFIG_TABLE = [
  table('template_page_config', `  name TEXT NOT NULL,
  list_page TEXT,
  details_page TEXT`, AUDIT0),
].join('\n');

/** custom page URLs (migration 300) */
export const CUSTOM_PAGE_URL_TABLE = [
  table('custom_page_url', `  website_info_id TEXT,
  category_url TEXT,
  article_url TEXT`),
].join('\n');

/** links (migration 300) */
export const LINKS_TABLE = [
  table('website_links', `  name TEXT NOT NULL,
  link TEXT,
  website_info_id TEXT,
  article_count INTEGER NOT NULL DEFAULT 0,
  open_page INTEGER NOT NULL DEFAULT 0`, AUDIT0),
].join('\n');

/** adverts (migration 300) */
export const ADVERT_TABLE = [
  table('website_advert', `  advert_name TEXT NOT NULL,
  top_advert TEXT,
  side_advert TEXT,
  bottom_advert TEXT`),
].join('\n');

/** contact groups (migration 300) */
export const CONTACT_INFO_TABLE = [
  table('contact_info', `  name TEXT NOT NULL,
  we_chat TEXT,
  phone TEXT,
  customer_server TEXT`),
].join('\n');

/** image groups (migration 300) */
export const IMG_GROUP_TABLE = [
  table('img_group', '  name TEXT NOT NULL'),
].join('\n');

/** images, with the lookup by group (migration 300) */
export const WEBSITE_IMG_TABLE = [
  table('website_img', `  image_url TEXT NOT NULL,
  alt TEXT,
  image_link TEXT,
  img_group_id TEXT`),
  'CREATE INDEX ix_website_img_group ON website_img(img_group_id);',
].join('\n');

/** goods (migration 300) */
export const GOODS_TABLE = [
  table('goods', `  image_url TEXT,
  name TEXT NOT NULL,
  goods_price TEXT,
  price_unit TEXT,
  p_id TEXT,
  link_url TEXT`),
].join('\n');

/** goods details (migration 300) */
export const GOODS_SUB_TABLE = [
  table('goods_sub', `  image_url TEXT,
  name TEXT NOT NULL,
  goods_price TEXT,
  price_unit TEXT,
  p_id TEXT,
  link_url TEXT`),
].join('\n');
