// The screens made by 生成代码: every folder here with an index.ts (a
// GeneratedScreen) is found at build time, nothing registered by hand. Kept
// apart from the screen table (index.ts) so i18n can add their strings (menu
// labels) at start without loading any screen code.
import type { GeneratedScreen } from './types';

const found = import.meta.glob<{ default: GeneratedScreen }>('./*/index.ts', { eager: true });

export const GENERATED_ENTRIES: GeneratedScreen[] = Object.keys(found)
  .sort()
  .map((k) => found[k]!.default);
