// Scheduled publish / deploy tasks (spec content-area.md §3, §4, §5), declared once for the server's validation and
// the screen's form. The schedule's config is judged by src-shared/schedule.ts (what the scheduler runs): each
// problem it names is a rule here, with its own message.
import { int, isEmpty, maxLength, number, oneOf, required, text, wholeIn, withDefault, type CrossRule, type ResourceDecl } from './declare';
import { SCHEDULE_MESSAGES, SCHEDULE_TYPES, scheduleProblem, type ScheduleProblem } from '../schedule';

/** none chosen: empty, or an empty list (the form's multiple select) */
const noneChosen = (v: unknown): boolean => isEmpty(v) || (Array.isArray(v) && v.length === 0);

/** a config with each problem, per schedule type: what the generated tests send */
const REFUSED: [ScheduleProblem, string, string][] = [
  ['fixRateRequired', 'FIX_RATE', ''],
  ['fixRateInvalid', 'FIX_RATE', '0'],
  ['cronRequired', 'CRON', ''],
  ['cronInvalid', 'CRON', 'every day'],
];

/** the schedule's config, judged when a write holds both the type and the config (else the server's hook judges it with the stored one) */
const scheduleRules: CrossRule[] = REFUSED.map(([problem, type, conf]) => ({
  field: 'scheduleConf',
  reads: ['scheduleType'],
  message: SCHEDULE_MESSAGES[problem],
  refuses: (v) => 'scheduleType' in v && 'scheduleConf' in v && scheduleProblem(String(v.scheduleType ?? 'NONE'), v.scheduleConf) === problem,
  refused: { scheduleType: type, scheduleConf: conf },
}));

export const DEPLOY_TASKS: ResourceDecl = {
  name: 'deployTasks',
  path: '/website-blade-deploy/deployTasks',
  fields: {
    taskName: text(required('deployTask.taskNameRequired'), maxLength(50, 'deployTask.taskNameMax')),
    // the website groups (ids, comma separated); websiteGroupId, the first, for the clients that send only one
    groupIds: text(),
    websiteGroupId: text(),
    scheduleType: withDefault(text(oneOf(SCHEDULE_TYPES, SCHEDULE_MESSAGES.typeInvalid)), 'NONE'),
    scheduleConf: text(),
    type: withDefault(int(), 0),
    articleCount: number(required('deployTask.articleCountRequired'), ...wholeIn(0, undefined, 'deployTask.countMin')),
    abArticleCount: withDefault(number(...wholeIn(0, undefined, 'deployTask.abCountMin')), 0),
  },
  cross: [
    {
      field: 'groupIds', reads: ['websiteGroupId'], message: 'site.groupRequired',
      refuses: (v) => 'groupIds' in v && noneChosen(v.groupIds) && noneChosen(v.websiteGroupId), refused: { groupIds: '', websiteGroupId: '' },
    },
    ...scheduleRules,
  ],
};

export const DEPLOY_TASK_DECLARATIONS: readonly ResourceDecl[] = [DEPLOY_TASKS];
