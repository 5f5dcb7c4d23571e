import type { MessageInstance } from 'antd/es/message/interface';

/** Shows a message keyed by its text, so a repeated message replaces the previous one instead of stacking. */
export function notify(message: MessageInstance, type: 'success' | 'error' | 'warning', text: string): void {
  void message.open({ type, content: text, key: `${type}:${text}` });
}
