// Expressions as Flowable models write them. bpmn-engine reads a condition from
// what it is given (`${environment.variables.pass}`); Flowable (BladeX's models,
// and what an operator types in the designer) names the process variable alone
// (`${pass}`, `${leave.days}`). A name that is not one of the engine's own roots
// (environment, fields, content, properties) nor a literal is read from the
// process variables; everything else resolves as the engine does.
import { Engine } from 'bpmn-engine';

const ENGINE_ROOTS = new Set(['environment', 'fields', 'content', 'properties', 'true', 'false', 'null']);

/** `${name.path}` → `${environment.variables.name.path}` for a bare variable name; other expressions unchanged. */
export function variablesFirst(expression: string): string {
  return expression.replace(/\$\{\s*([A-Za-z_$][\w$]*)((?:\.[\w$]+)*)\s*\}/g, (whole, first: string, rest: string) =>
    ENGINE_ROOTS.has(first) ? whole : `\${environment.variables.${first}${rest}}`,
  );
}

const defaults = new Engine().environment.expressions;

/** The engine's expression handler, reading bare names from the process variables. */
export const FLOWABLE_EXPRESSIONS: typeof defaults = {
  ...defaults,
  resolveExpression: (expression: string, context?: unknown, fnContext?: unknown) =>
    defaults.resolveExpression(typeof expression === 'string' ? variablesFirst(expression) : expression, context as never, fnContext as never),
};
