// The 11 themes of the spec. Each is an antd theme (algorithm + component
// tokens) plus a few CSS variables the layout reads (header, sider, logo, tag bar).
import { theme as antdTheme, type ThemeConfig } from 'antd';
import type { ThemeName } from './names';
import { primaryTextColour, readableShade, TEXT_CONTRAST } from './contrast';

export { primaryTextColour } from './contrast';

export { THEMES, DEFAULT_THEME, DEFAULT_COLOUR, isTheme, type ThemeName } from './names';

interface Palette {
  /** sidebar menu: dark text on light, or light text on dark */
  menu: 'dark' | 'light';
  sider: string;
  siderText: string;
  /** selected item background (empty: the primary colour) */
  selected?: string;
  header: string;
  headerText: string;
  logo: string;
  content: string;
  tags: string;
  dark?: boolean;
  radius?: number;
}

export const PALETTES: Record<ThemeName, Palette> = {
  default: { menu: 'dark', sider: '#001529', siderText: 'rgba(255,255,255,0.75)', header: '#ffffff', headerText: '#333', logo: '#002140', content: '#f0f2f5', tags: '#ffffff' },
  white: { menu: 'light', sider: '#ffffff', siderText: '#333', header: '#ffffff', headerText: '#333', logo: '#ffffff', content: '#f7f8fa', tags: '#ffffff' },
  dark: { menu: 'dark', sider: '#141414', siderText: 'rgba(255,255,255,0.7)', header: '#1f1f1f', headerText: '#eee', logo: '#000000', content: '#0a0a0a', tags: '#1f1f1f', dark: true },
  star: { menu: 'dark', sider: 'linear-gradient(180deg,#6a11cb 0%,#2575fc 100%)', siderText: '#fff', selected: 'rgba(255,255,255,0.25)', header: 'linear-gradient(90deg,#6a11cb 0%,#2575fc 100%)', headerText: '#fff', logo: 'transparent', content: '#f3f0ff', tags: '#ffffff', radius: 12 },
  smart: { menu: 'light', sider: '#f0f5fb', siderText: '#34495e', header: '#409eff', headerText: '#fff', logo: '#409eff', content: '#ffffff', tags: '#f0f5fb' },
  iview: { menu: 'dark', sider: '#515a6e', siderText: '#e8eaec', selected: '#2d8cf0', header: '#ffffff', headerText: '#515a6e', logo: '#495060', content: '#f5f7f9', tags: '#f0f0f0', radius: 4 },
  vip: { menu: 'dark', sider: '#20222a', siderText: '#d9b56e', selected: '#3a3220', header: '#20222a', headerText: '#d9b56e', logo: '#16171c', content: '#f4f1ea', tags: '#fbf7ee' },
  cool: { menu: 'dark', sider: 'linear-gradient(180deg,#0f9b8e 0%,#1c6e8c 100%)', siderText: '#eafffb', selected: 'rgba(255,255,255,0.2)', header: '#13a89e', headerText: '#fff', logo: 'transparent', content: '#eef9f8', tags: '#ffffff', radius: 8 },
  d2: { menu: 'light', sider: '#ebf1f6', siderText: '#2f3e50', header: '#ebf1f6', headerText: '#2f3e50', logo: '#ebf1f6', content: '#f8fafc', tags: '#ebf1f6', radius: 2 },
  hey: { menu: 'light', sider: '#ffffff', siderText: '#5a5e66', selected: '#f2ecff', header: '#7353e5', headerText: '#fff', logo: '#6241d6', content: '#f6f4fd', tags: '#ffffff', radius: 10 },
  lte: { menu: 'dark', sider: '#222d32', siderText: '#b8c7ce', selected: '#1e282c', header: '#3c8dbc', headerText: '#fff', logo: '#367fa9', content: '#ecf0f5', tags: '#ffffff', radius: 0 },
};

/** the darkest background a table row's links sit on (hovered #fafafa, selected: the primary colour's tint) */
const ROW_TINT = '#EBEBEB';

/** The antd theme of a palette and primary colour; `motion` false: no antd animations (the system's reduce-motion setting). */
export function antdThemeOf(name: ThemeName, colour: string, motion = true): ThemeConfig {
  const p = PALETTES[name];
  const solid = (v: string, fallback: string) => (v.startsWith('linear') || v === 'transparent' ? fallback : v);
  const menuBg = solid(p.sider, 'transparent');
  // light themes: the text colours antd derives below AA on white (links #1677ff, errors #ff4d4f, descriptions
  // and placeholders #8c8c8c / #bfbfbf) taken to AA; the components that put text on or in the primary colour
  // get its readable shade (derived again from it: hover and active)
  const text = p.dark ? colour : primaryTextColour(colour);
  const onPrimary = p.dark ? {} : { colorPrimary: text, algorithm: true };
  const secondary = 'rgba(0, 0, 0, 0.55)';
  return {
    algorithm: p.dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: {
      colorPrimary: colour,
      motion,
      ...(p.radius !== undefined ? { borderRadius: p.radius } : {}),
      ...(p.dark
        ? {}
        : {
          // against the light grey of a hovered or selected table row (#fafafa, the primary's tint), not only white
          colorLink: readableShade('#1677FF', ROW_TINT, TEXT_CONTRAST),
          colorError: readableShade('#FF4D4F', ROW_TINT, TEXT_CONTRAST),
          // a task's 已完成 in a list (crud's desk-tone-success) is text too
          colorSuccess: readableShade('#52C41A', ROW_TINT, TEXT_CONTRAST),
          colorTextTertiary: secondary,
          colorTextPlaceholder: secondary,
        }),
    },
    components: {
      Layout: { siderBg: 'transparent', headerBg: 'transparent', bodyBg: p.content },
      Button: onPrimary,
      Pagination: onPrimary,
      Tabs: onPrimary,
      DatePicker: onPrimary,
      Radio: onPrimary,
      Steps: onPrimary,
      // an empty table's "no data" is text, not a disabled control
      Table: p.dark ? {} : { colorTextDisabled: secondary },
      Menu: {
        darkItemBg: p.menu === 'dark' ? menuBg : undefined,
        darkSubMenuItemBg: p.menu === 'dark' ? 'rgba(0,0,0,0.15)' : undefined,
        darkItemColor: p.siderText,
        darkItemSelectedBg: p.selected ?? text,
        itemBg: p.menu === 'light' ? menuBg : undefined,
        itemColor: p.menu === 'light' ? p.siderText : undefined,
        ...(p.dark ? {} : { itemSelectedColor: text, horizontalItemSelectedColor: text }),
        ...(p.menu === 'light' && p.selected ? { itemSelectedBg: p.selected } : {}),
      },
    },
  };
}

/** CSS variables of a palette, set on the layout root. */
export function cssVarsOf(name: ThemeName): Record<string, string> {
  const p = PALETTES[name];
  return {
    '--desk-sider-bg': p.sider,
    '--desk-sider-text': p.siderText,
    '--desk-header-bg': p.header,
    '--desk-header-text': p.headerText,
    '--desk-logo-bg': p.logo,
    '--desk-logo-text': p.menu === 'light' && p.logo !== p.sider ? p.headerText : p.siderText,
    '--desk-content-bg': p.content,
    '--desk-tags-bg': p.tags,
  };
}
