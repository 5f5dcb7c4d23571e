// What a generated screen's folder declares (src-renderer/screens/generated/<name>/index.ts, made by 生成代码).
import type { ScreenDef } from '../../crud/types';

export interface GeneratedScreen {
  /** the menu path it opens at (its menu row comes with the module's migration) */
  path: string;
  /** its ScreenDef, loaded when first opened */
  load(): Promise<{ default: ScreenDef }>;
  /** its zh/en strings, the menu's label included (menu.<code>); an AreaMessages (i18n/index.ts, which reads these) */
  messages: { zh: object; en: object };
}
