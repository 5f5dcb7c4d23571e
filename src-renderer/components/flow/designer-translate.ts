// bpmn-js and its properties panel speak English templates ('Create task'); the
// designer hands them to i18next (flow.bpmn in the flow area's messages: zh
// translated, en the templates themselves), replacing {placeholders}.
import i18n from '../../i18n';

function translate(language: string) {
  const table = (i18n.getResource(language, 'translation', 'flow.bpmn') ?? {}) as Record<string, string>;
  return (template: string, replacements: Record<string, string> = {}): string =>
    (table[template] ?? template).replace(/{([^}]+)}/g, (_, key: string) => replacements[key] ?? `{${key}}`);
}

/** the bpmn-js module replacing its `translate` service */
export function designerTranslateModule(language: string) {
  return { translate: ['value', translate(language)] };
}
