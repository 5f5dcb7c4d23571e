// The two properties-panel packages ship no type declarations: what the designer uses of them.
declare module 'bpmn-js-properties-panel' {
  import type { ModuleDeclaration } from 'didi';
  export const BpmnPropertiesPanelModule: ModuleDeclaration;
  export const BpmnPropertiesProviderModule: ModuleDeclaration;
  /** a diagram service inside a properties-panel entry (a Preact hook) */
  export function useService<T = unknown>(name: string): T;
}

declare module '@bpmn-io/properties-panel' {
  import type { VNode } from '@bpmn-io/properties-panel/preact';
  export interface TextFieldProps {
    element: unknown;
    id: string;
    label: string;
    description?: string;
    getValue(element: unknown): string;
    setValue(value: string): void;
    debounce: (fn: (value: string) => void) => (value: string) => void;
  }
  export function TextFieldEntry(props: TextFieldProps): VNode;
  export function TextAreaEntry(props: TextFieldProps & { rows?: number; monospace?: boolean }): VNode;
  export function isTextFieldEntryEdited(node: unknown): boolean;
  export function isTextAreaEntryEdited(node: unknown): boolean;
  export const Group: unknown;
}
