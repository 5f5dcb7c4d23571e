// Template pages (spec content-area.md §3: the page-config record id, name, listPage,
// detailsPage, status 0 off / 1 on): the URL patterns a type-2 category's pages get
// on the rendered site. The patterns are checked as the back end and the site
// renderer check them (src-shared/page-patterns.ts).
import type { FieldRule, ScreenDef } from '../../crud/types';
import { PAGE_PATTERN_MAX, pagePatternProblem, type PageKind, type PatternProblem } from '../../../src-shared/page-patterns';
import { createTimeColumn, ON_OFF } from './shared';

const P = '/blade-material/templatePageConfig';

const PROBLEM_KEYS: [PatternProblem, string][] = [['chars', 'Chars'], ['placeholder', 'Placeholder'], ['missingVar', 'MissingVar'], ['segment', 'Segment']];

/** the pattern's rules: required, length, then each problem the renderer would refuse, with its own message */
const patternRules = (kind: PageKind): FieldRule[] => [
  { required: true, message: `content.pageConfig.${kind}Required` },
  { max: PAGE_PATTERN_MAX, message: `content.pageConfig.${kind}Max` },
  ...PROBLEM_KEYS.map(([problem, key]): FieldRule => ({
    check: (v) => v === undefined || v === null || v === '' || pagePatternProblem(v, kind) !== problem,
    message: `content.pageConfig.${kind}${key}`,
  })),
];

const templatePageConfig: ScreenDef = {
  code: 'templatePageConfig',
  title: 'content.pageConfig.title',
  api: { list: `${P}/page`, detail: `${P}/detail`, submit: `${P}/submit`, remove: `${P}/remove` },
  dialogWidth: 640,
  labelWidth: 120,
  columns: [
    {
      name: 'name', label: 'content.pageConfig.name', search: true, span: 24,
      rules: [{ required: true, message: 'content.pageConfig.nameRequired' }, { max: 100, message: 'content.pageConfig.nameMax' }],
    },
    { name: 'listPage', label: 'content.pageConfig.listPage', span: 24, extra: 'content.pageConfig.listHint', rules: patternRules('list') },
    { name: 'detailsPage', label: 'content.pageConfig.detailsPage', span: 24, extra: 'content.pageConfig.detailsHint', rules: patternRules('details') },
    { name: 'status', label: 'content.pageConfig.status', valueType: 'switch', listSwitch: true, numeric: true, options: ON_OFF, default: 1, span: 24 },
    { name: 'cateCount', label: 'content.pageConfig.cateCount', hideInForm: true, width: 110 },
    createTimeColumn,
  ],
};

export default templatePageConfig;
