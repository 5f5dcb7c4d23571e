// The desktop's own inputs (no back end takes them): the update feed of 更新设置. The form reads the declaration
// (src-renderer/components/update/UpdateDialog.tsx) and so does main, which takes the setting
// (src-main/services/UpdateService.ts validateSettings, answering the zh text).
import { maxLength, pattern, text, type InputDecl } from './declare';

export const UPDATE_SETTINGS: InputDecl = {
  name: 'updateSettings',
  judge: { side: 'main', why: 'a setting of this machine, kept by main (UpdateService)' },
  fields: {
    // empty: no feed; else an http(s) URL with a host
    updateFeedUrl: {
      ...text(maxLength(2000, 'desktopForm.feedInvalid'), pattern(/^\s*https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?\s*$/i, 'desktopForm.feedInvalid')),
      example: 'https://updates.example.com/console',
    },
  },
};

export const DESKTOP_INPUTS: readonly InputDecl[] = [UPDATE_SETTINGS];
