// Template page configs (spec content-area.md §3 模板页面: name, listPage, detailsPage, status), declared once for
// the server's validation and the screen's form. The URL patterns are checked by src-shared/page-patterns.ts (what
// the site renderer accepts): each problem it names is a rule here, with its own message.
import { maxLength, required, text, withDefault, type CrossRule, type FieldDecl, type ResourceDecl } from './declare';
import { status01 } from './sites';
import { DEFAULT_DETAILS_PATTERN, DEFAULT_LIST_PATTERN, PAGE_PATTERN_MAX, pagePatternProblem, type PageKind, type PatternProblem } from '../page-patterns';
import type { MessageKey } from '../messages';

/** each pattern problem's message */
export function pagePatternKey(kind: PageKind, problem: PatternProblem): MessageKey {
  return `pageConfig.${kind}${problem[0].toUpperCase()}${problem.slice(1)}` as MessageKey;
}

const FIELD: Record<PageKind, 'listPage' | 'detailsPage'> = { list: 'listPage', details: 'detailsPage' };

/** a value with each problem (after its required and length rules), per kind: what the generated tests send */
const REFUSED: Record<PageKind, Partial<Record<PatternProblem, string>>> = {
  list: { required: '/', chars: 'a b/{cateId}', placeholder: '{x}/{cateId}', missingVar: 'list/', segment: '../{cateId}' },
  details: { required: '/', chars: 'a b/{id}.html', placeholder: '{x}/{id}.html', missingVar: '{cateId}/a.html', segment: '../{id}.html' },
};

const pattern = (kind: PageKind): FieldDecl => ({
  ...text(required(pagePatternKey(kind, 'required')), maxLength(PAGE_PATTERN_MAX, pagePatternKey(kind, 'tooLong'))),
  example: kind === 'list' ? DEFAULT_LIST_PATTERN : DEFAULT_DETAILS_PATTERN,
});

/** what page-patterns.ts refuses beyond a blank and the length ('/' is blank once cleaned), one rule a problem */
const patternRules = (kind: PageKind): CrossRule[] =>
  (Object.entries(REFUSED[kind]) as [PatternProblem, string][]).map(([problem, refused]) => {
    const field = FIELD[kind];
    return {
      field,
      reads: [],
      message: pagePatternKey(kind, problem),
      refuses: (v) => typeof v[field] === 'string' && v[field] !== '' && pagePatternProblem(v[field], kind) === problem,
      refused: { [field]: refused },
    };
  });

export const TEMPLATE_PAGE_CONFIG: ResourceDecl = {
  name: 'templatePageConfig',
  path: '/blade-material/templatePageConfig',
  fields: {
    name: text(required('pageConfig.nameRequired'), maxLength(100, 'pageConfig.nameMax')),
    listPage: pattern('list'),
    detailsPage: pattern('details'),
    status: withDefault(status01, 1),
  },
  cross: [...patternRules('list'), ...patternRules('details')],
};

export const PAGE_CONFIG_DECLARATIONS: readonly ResourceDecl[] = [TEMPLATE_PAGE_CONFIG];
