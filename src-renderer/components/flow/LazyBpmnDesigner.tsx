// The flow model form's designer input: bpmn-js's modeler and its properties panel
// (about 1.5 MB) load when the model form first shows it, in their own chunk; until
// then the field keeps the designer's place.
import { lazy, Suspense } from 'react';
import type { CustomInputProps } from '../../crud/types';

const Designer = lazy(() => import('./BpmnDesigner'));

export function LazyBpmnDesigner(props: CustomInputProps) {
  return (
    <Suspense fallback={<div className="flow-designer-placeholder" aria-busy="true" style={{ height: 560 }} />}>
      <Designer {...props} />
    </Suspense>
  );
}
