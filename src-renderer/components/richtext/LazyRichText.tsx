// The rich-text input as a list screen's form declares it: the editor (tiptap,
// about 400 KB) loads when a form first shows it, so the article list never
// waits for it; until then the field keeps the editor's place.
import { lazy, Suspense } from 'react';
import type { CustomInputProps } from '../../crud/types';

const Editor = lazy(() => import('./RichText').then((m) => ({ default: m.RichText })));

export function LazyRichText(props: CustomInputProps) {
  return (
    <Suspense fallback={<div className="desk-richtext-placeholder" aria-busy="true" />}>
      <Editor {...props} />
    </Suspense>
  );
}
