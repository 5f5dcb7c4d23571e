// What an import task is: its kinds and its line formats (its messages are keys of the table:
// src-shared/messages/import-messages.ts, import-task-messages.ts).

export type ImportKind = 'keyword' | 'article' | 'website' | 'template';
export type ImportFormat = 'lines' | 'json' | 'text';

