// Ant Design's icons insert their one style sheet from an effect of every icon that mounts: each call looks
// through every <style> in the page's head (antd's CSS-in-JS leaves a few hundred there) and reads the icons'
// sheet back to compare it. A list screen's first open mounts a few dozen icons (toolbar, selects, pagination,
// row actions): 61 ms of the click's task at 4× CPU on 用户管理 (traced, issue 38). The console inserts the
// sheet once, here, and tells the icons inside it not to (the icons' own zero-runtime switch).
import { type ReactNode } from 'react';
import { IconProvider } from '@ant-design/icons';
import { useInsertStyles } from '@ant-design/icons/es/utils';

/** the icons inside: no style work of their own (the sheet is inserted by IconStyles) */
const INSERTED = { zeroRuntime: true } as const;
/** an element of the document, not of a shadow root: the sheet goes to the document's head */
const IN_DOCUMENT = { current: document.body };

export function IconStyles({ children }: { children: ReactNode }) {
  // under antd's ConfigProvider: its icon prefix and CSP, as the icons themselves would insert it
  useInsertStyles(IN_DOCUMENT);
  return <IconProvider value={INSERTED}>{children}</IconProvider>;
}
