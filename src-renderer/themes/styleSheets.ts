// antd's CSS-in-JS (@ant-design/cssinjs) writes a component's style sheets into the page each time the
// component mounts in a new render (once per sheet and microtask): rc-util's updateCSS lists the head's
// <style> elements (a few hundred once the console has run a while), finds the sheet by its key and reads its
// whole text back (innerHTML) to compare it with the text to write. A list screen's first open mounts some
// twenty component types, three or four sheets each; the sheets are already there, unchanged, as a rule.
// This module stands in for rc-util's dynamicCSS in cssinjs (electron.vite.config.ts, styleSheetsWrittenOnce):
// it remembers the element and the text it last wrote for each key, and when the same text is asked for and
// that element is still in the page, under the asked container and with the asked nonce, it returns it without
// looking; anything else (a new sheet, a changed theme's text, a removed element) goes to rc-util as before.
import { removeCSS as removeSheet, updateCSS as writeSheet } from '@rc-component/util/es/Dom/dynamicCSS';

type Options = Parameters<typeof writeSheet>[2];

const written = new Map<string, { node: HTMLElement; css: string; nonce: string | undefined }>();

export function updateCSS(css: string, key: string, options: Options = {}): HTMLElement {
  const last = written.get(key);
  const nonce = options.csp?.nonce;
  if (last && last.css === css && last.nonce === nonce && last.node.isConnected && (!options.attachTo || last.node.parentNode === options.attachTo)) return last.node;
  const node = writeSheet(css, key, options);
  if (node) written.set(key, { node, css, nonce });
  else written.delete(key);
  return node;
}

export function removeCSS(key: string, options?: Options): void {
  written.delete(key);
  removeSheet(key, options);
}
