import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';

/**
 * The built index.html carries its stylesheet inline: a linked stylesheet in the head holds the first paint
 * until it has arrived, and by then the module scripts have arrived too and run first, so the static login
 * frame was painted only after the console's code had run. Inline, the frame paints as the page is parsed.
 * (style-src allows inline styles; the stylesheet file stays beside it, unused by index.html.)
 */
function inlineEntryStylesheet(): Plugin {
  return {
    name: 'inline-entry-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        return html.replace(/<link rel="stylesheet"[^>]*? href="\.\/(assets\/[^"]+\.css)"[^>]*>/g, (link, file: string) => {
          const asset = ctx.bundle?.[file];
          return asset && asset.type === 'asset' ? `<style>${String(asset.source)}</style>` : link;
        });
      },
    },
  };
}

/** What a chunk group's name function is given (rolldown's ChunkingContext, the part used here). */
interface ModuleGraph {
  getModuleInfo(id: string): { isEntry: boolean; importers: readonly string[] } | null;
}

/**
 * The entry and every module it imports statically, in one chunk (index-*.js): left to the bundler they were
 * eleven files (each module shared with a lazy chunk became a chunk of its own), eleven requests the browser
 * made while it parsed the page's head, before it could lay out the static login frame. Interleaved on the
 * login page (15 runs each, 1x): first paint 308 -> 240 ms, app-ready 576 -> 539 ms; 4x within the spread.
 * A module belongs to it when a chain of static imports leads to it from an entry.
 */
function bootChunk(): (id: string, graph: ModuleGraph) => string | null {
  const known = new Map<string, boolean>();
  let cut = false; // the search met a module already on its path (an import cycle): a "no" then is not final
  const fromEntry = (id: string, graph: ModuleGraph, path: Set<string>): boolean => {
    const seen = known.get(id);
    if (seen !== undefined) return seen;
    const info = graph.getModuleInfo(id);
    if (!info) return false;
    if (path.has(id)) {
      cut = true;
      return false;
    }
    if (info.isEntry) return true;
    path.add(id);
    const yes = info.importers.some((importer) => fromEntry(importer, graph, path));
    path.delete(id);
    if (yes || !cut) known.set(id, yes);
    return yes;
  };
  return (id, graph) => {
    cut = false;
    return fromEntry(id, graph, new Set()) ? 'boot' : null;
  };
}

/**
 * Changes to a dependency's published source, made as the file is bundled: each `from` text is replaced by its
 * `to`. Checked at build: a changed dependency fails the build here rather than going unpatched.
 */
function patchDependency(name: string, file: RegExp, changes: readonly (readonly [from: string, to: string])[]): Plugin {
  return {
    name,
    enforce: 'pre',
    transform(code, id) {
      if (!file.test(id)) return null;
      let out = code;
      for (const [from, to] of changes) {
        if (!out.includes(from)) throw new Error(`${id}: the code ${name} changes was not found (the dependency changed)`);
        out = out.replace(from, to);
      }
      return { code: out, map: null };
    },
  };
}

/**
 * rc-table (antd's Table) measures the scroll bar's width as every table mounts: a probe element and a style
 * sheet are added to the page and removed again, forcing style and layout of the whole document (about 35 ms
 * per list opened on this machine, four times that at 4x CPU slowdown). The width is used only by a table
 * with a fixed header (scroll.y) or a sticky header, which no table here has; the measure is kept for those.
 */
const tableScrollbarProbeOnlyForFixedHeaders = (): Plugin =>
  patchDependency('table-scrollbar-probe-only-for-fixed-headers', /@rc-component[\\/]table[\\/]es[\\/]Table\.js$/, [
    ['useLayoutEffect(() => {\n    if (!tailor || !useInternalHooks) {', 'useLayoutEffect(() => {\n    if ((fixHeader || isSticky) && (!tailor || !useInternalHooks)) {'],
  ]);

/**
 * rc-menu (antd's Menu) makes the item under the pointer the menu's active item, and no item when the pointer
 * leaves it. The active item is in the context every item and group of the menu reads, so each item the pointer
 * crosses renders the whole menu twice: the side menu is about 460 components, about 25 ms at 4x CPU slowdown
 * each time, and the first of them falls inside the click that opens a screen when the pointer lands on its item
 * and presses at once (issue 38 item 21). In the inline mode (the side menu open) the active item draws nothing
 * (hover is CSS's :hover there) and serves the keyboard only, which sets it itself (arrow keys, focus): there the
 * pointer leaves it alone. Other modes (the collapsed side menu's popups, the header's menu, dropdowns) keep it.
 */
const inlineMenusActiveByKeyboardOnly = (): Plugin =>
  patchDependency('inline-menus-active-by-keyboard-only', /@rc-component[\\/]menu[\\/]es[\\/]hooks[\\/]useActive\.js$/, [
    ['    activeKey,\n    onActive,\n    onInactive\n  } = React.useContext(MenuContext);', '    activeKey,\n    onActive,\n    onInactive,\n    mode\n  } = React.useContext(MenuContext);'],
    ['      onActive(eventKey);', "      if (mode !== 'inline') onActive(eventKey);"],
    ['      onInactive(eventKey);', "      if (mode !== 'inline') onInactive(eventKey);"],
  ]);

/**
 * antd's CSS-in-JS reads every sheet back from the page before writing it again, each time a component type
 * mounts in a new render: src-renderer/themes/styleSheets.ts stands in for rc-util's dynamicCSS in
 * @ant-design/cssinjs and skips the sheets it wrote and that are unchanged. 用户管理's first open at 4x,
 * interleaved against the build without it (12 clicks each): median 220 -> 205 ms.
 */
function styleSheetsWrittenOnce(): Plugin {
  const source = '@rc-component/util/es/Dom/dynamicCSS';
  const importer = /[\\/]@ant-design[\\/]cssinjs[\\/]/;
  const standIn = resolve('src-renderer/themes/styleSheets.ts');
  return {
    name: 'style-sheets-written-once',
    enforce: 'pre',
    resolveId(id, from) {
      return id === source && from && importer.test(from) ? standIn : null;
    },
  };
}

/**
 * Every chunk but the two heavy editors asks Chromium to compile all its functions at once (V8's per-file
 * explicit compile hint, a magic comment on the file's first line; Chromium 136 and later): they are compiled on
 * the thread that streams the script instead of one by one on the main thread the first time each runs. The
 * entry runs nearly whole as the login page starts (React, the router, i18next, the login page); the console's
 * chunks are fetched ahead (as the operator types, then by the idle prefetch) and mostly run when a screen opens.
 * Measured (docs/benchmarks.md): main-thread lazy compiles up to the login form 720 -> 149; app-ready at 4x
 * 1368 -> 1084 ms; the user list's first open at 4x 896 -> 508 ms, at 1x within the spread. The rich-text and
 * BPMN viewer and designer load when one is opened and run a small part of their code: compiled whole, they would hold
 * that click. Added last, after Vite's own first line (the preload map): the comment counts only before code.
 */
const ON_DEMAND_PARTS = /[\\/]components[\\/](richtext[\\/]RichText|flow[\\/]BpmnCanvas|flow[\\/]BpmnDesigner)\.tsx$/;

function compileChunksEagerly(): Plugin {
  return {
    name: 'compile-chunks-eagerly',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const out of Object.values(bundle)) {
          if (out.type !== 'chunk' || (out.facadeModuleId && ON_DEMAND_PARTS.test(out.facadeModuleId))) continue;
          out.code = `//# allFunctionsCalledOnLoad\n${out.code}`;
          // a source map (probe builds) moves down by the line added
          const map = bundle[`${out.fileName}.map`];
          if (map?.type === 'asset' && typeof map.source === 'string') {
            const parsed = JSON.parse(map.source) as { mappings: string };
            map.source = JSON.stringify({ ...parsed, mappings: `;${parsed.mappings}` });
          }
        }
      },
    },
  };
}

// main and preload are bundled for Electron; native modules and other
// dependencies stay external (electron-vite's default). The renderer is a
// plain Vite React app; `npm run web` serves the same build in a browser.
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // keyword-worker: the keyword preview's worker thread, loaded from beside index.js (src-main/services/KeywordFiles.ts)
      rollupOptions: { input: { index: resolve('src-main/index.ts'), 'keyword-worker': resolve('src-main/services/keywordPreview.worker.ts') } },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      rollupOptions: { input: { index: resolve('src-preload/index.ts') }, output: { format: 'cjs' } },
    },
  },
  renderer: {
    root: 'src-renderer',
    base: './',
    build: {
      // electron-vite leaves the renderer unminified by default; the login
      // page's budget (docs/benchmarks.md) needs it minified
      minify: true,
      outDir: resolve('out/renderer'),
      rollupOptions: {
        input: { index: resolve('src-renderer/index.html') },
        output: { codeSplitting: { groups: [{ name: bootChunk(), debugName: 'boot' }] } },
      },
    },
    plugins: [react(), inlineEntryStylesheet(), tableScrollbarProbeOnlyForFixedHeaders(), inlineMenusActiveByKeyboardOnly(), styleSheetsWrittenOnce(), compileChunksEagerly()],
  },
});
