// Proof by resource, the form's half (issue 39): for every screen of a declared resource, the form rules derived
// from the declaration (crud/declared.ts), run by the validator antd's forms run, refuse each rule's breaking
// value with that rule's message (in zh and in en) and accept a value meeting them: the same message the
// server answers for the same input (tests/contract/declared-rules.test.ts). Every declaration has a screen.
import { describe, expect, it, vi } from 'vitest';

await vi.hoisted(async () => {
  const { initI18n } = await import('../../../src-renderer/i18n');
  initI18n('zh');
});
import Schema from '@rc-component/async-validator';
import type { Rule, RuleObject } from 'antd/es/form';
import i18n from '../../../src-renderer/i18n';
import { declaredRules, inputRules } from '../../../src-renderer/crud/declared';
import { INPUT_DECLARATIONS } from '../../../src-shared/declarations/inputs';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { formColumns } from '../../../src-renderer/crud/values';
import type { ColumnDef, ScreenDef } from '../../../src-renderer/crud/types';
import { DECLARATIONS } from '../../../src-shared/declarations';
import { breakingValue, validValue } from '../../../src-shared/declarations/samples';
import { isEmpty, type FieldDecl } from '../../../src-shared/declarations/declare';
import { fill, MESSAGES, type MessageKey } from '../../../src-shared/messages';
import websiteGroup from '../../../src-renderer/screens/content/websiteGroup';
import websiteInfo from '../../../src-renderer/screens/content/websiteInfo';
import websiteNavbar from '../../../src-renderer/screens/content/websiteNavbar';
import websiteLanguage from '../../../src-renderer/screens/content/websiteLanguage';
import websiteAssocia from '../../../src-renderer/screens/content/websiteAssocia';
import domainInfo from '../../../src-renderer/screens/content/domainInfo';
import serverInfo from '../../../src-renderer/screens/content/serverInfo';
import websiteTemplate from '../../../src-renderer/screens/content/websiteTemplate';
import templateConfig from '../../../src-renderer/screens/content/templateConfig';
import customPageUrl from '../../../src-renderer/screens/content/customPageUrl';
import links from '../../../src-renderer/screens/content/links';
import advert from '../../../src-renderer/screens/content/advert';
import contactInfo from '../../../src-renderer/screens/content/contactInfo';
import imgGroup from '../../../src-renderer/screens/content/imgGroup';
import websiteImg from '../../../src-renderer/screens/content/websiteImg';
import goods from '../../../src-renderer/screens/content/goods';
import { goodsSubScreen } from '../../../src-renderer/screens/content/GoodsSubDialog';
import keyword from '../../../src-renderer/screens/content/keyword';
import gptProduceKeyword from '../../../src-renderer/screens/content/gptProduceKeyword';
import sysPost from '../../../src-renderer/screens/system/post';
import sysTenantPackage from '../../../src-renderer/screens/system/tenantPackage';
import sysClient from '../../../src-renderer/screens/system/client';
import sysTopmenu from '../../../src-renderer/screens/system/topmenu';
import sysDatascope from '../../../src-renderer/screens/system/datascope';
import sysApiscope from '../../../src-renderer/screens/system/apiscope';
import sysParam from '../../../src-renderer/screens/system/param';
import sysRole from '../../../src-renderer/screens/system/role';
import sysDept from '../../../src-renderer/screens/system/dept';
import sysMenu from '../../../src-renderer/screens/system/menu';
import sysRegion from '../../../src-renderer/screens/system/region';
import sysTenant from '../../../src-renderer/screens/system/tenant';
import sysUser from '../../../src-renderer/screens/system/user';
import cate from '../../../src-renderer/screens/content/cate';
import article from '../../../src-renderer/screens/content/article';
import paragraph from '../../../src-renderer/screens/content/paragraph';
import aiModel from '../../../src-renderer/screens/content/aiModel';
import aiKey from '../../../src-renderer/screens/content/aiKey';
import gptProduceArticle from '../../../src-renderer/screens/content/gptProduceArticle';
import gptGenerateTemplateParm from '../../../src-renderer/screens/content/gptGenerateTemplateParm';
import templatePageConfig from '../../../src-renderer/screens/content/templatePageConfig';
import deployTasks from '../../../src-renderer/screens/content/deployTasks';
import { searchSiteScreen } from '../../../src-renderer/screens/content/search/siteScreen';
import importTask from '../../../src-renderer/screens/content/importTask';
import taskErrorLog from '../../../src-renderer/screens/content/taskErrorLog';
import notice from '../../../src-renderer/screens/admin/notice';
import sms from '../../../src-renderer/screens/admin/sms';
import oss from '../../../src-renderer/screens/admin/oss';
import datasource from '../../../src-renderer/screens/admin/datasource';
import devModel from '../../../src-renderer/screens/admin/model';
import { modelFieldsScreen } from '../../../src-renderer/screens/admin/modelFields';
import code from '../../../src-renderer/screens/admin/code';
import { dictScreen } from '../../../src-renderer/screens/admin/dictScreen';
import flowModel from '../../../src-renderer/screens/flow/model';

/** the screens of declared resources */
const SCREENS: ScreenDef[] = [
  websiteGroup, websiteInfo, websiteNavbar, websiteLanguage, websiteAssocia, domainInfo, serverInfo,
  websiteTemplate, templateConfig, customPageUrl, links, advert, contactInfo, imgGroup, websiteImg, goods, goodsSubScreen('42'),
  keyword, gptProduceKeyword,
  sysPost, sysTenantPackage, sysClient, sysTopmenu, sysDatascope, sysApiscope, sysParam, sysRole, sysDept, sysMenu, sysRegion, sysTenant, sysUser,
  cate, article, paragraph,
  aiModel, aiKey, gptProduceArticle, gptGenerateTemplateParm,
  templatePageConfig, deployTasks, searchSiteScreen, importTask, taskErrorLog,
  notice, sms, oss, datasource, devModel, modelFieldsScreen('42'), code, dictScreen('dict', 'horizontal'), dictScreen('dict-biz', 'horizontal'),
  flowModel,
];

/** the messages the form shows for a value (each rule judged on its own, in order, as antd's form does) */
async function formErrors(language: 'zh' | 'en', def: ScreenDef, column: ColumnDef, value: unknown, values: Record<string, unknown>): Promise<string[]> {
  const t = i18n.getFixedT(language);
  const form = { getFieldsValue: () => values, getFieldValue: (n: string) => values[n] };
  const rules = declaredRules(t, column, def.declaration).map((r: Rule) => (typeof r === 'function' ? r(form as never) : r) as RuleObject);
  const errors: string[] = [];
  for (const rule of rules) {
    try {
      await new Schema({ [column.name]: [rule as never] }).validate({ [column.name]: value });
    } catch (e) {
      errors.push(...((e as { errors?: { message: string }[] }).errors ?? [{ message: (e as Error).message }]).map((x) => x.message));
    }
  }
  return errors;
}

/** whether the form marks the column required (antd's asterisk: a rule, or a rule function's entity, with required) for these values */
function marked(def: ScreenDef, column: ColumnDef, values: Record<string, unknown>): boolean {
  const form = { getFieldsValue: () => values, getFieldValue: (n: string) => values[n] };
  return declaredRules(i18n.getFixedT('zh'), column, def.declaration).some((r: Rule) => Boolean((typeof r === 'function' ? r(form as never) : r).required));
}

describe('every declaration has a screen that reads it, and no rule list of its own', () => {
  it.each(DECLARATIONS.map((d) => [d.name]))('%s', (name) => {
    const screen = SCREENS.find((s) => s.declaration?.name === name);
    expect(screen, `${name}: its screen`).toBeDefined();
    expect(screen!.columns.filter((c) => c.rules?.length).map((c) => c.name)).toEqual([]);
  });
});

describe.each(SCREENS.map((s) => [s.code, s] as const))('%s: the form refuses each rule with its message', (_code, def) => {
  it('breaking values get the rule message (zh and en); valid values pass', async () => {
    const decl = def.declaration!;
    const valid: Record<string, unknown> = Object.fromEntries(Object.entries(decl.fields).map(([n, f]) => [n, validValue(f)]));
    let checked = 0;
    for (const column of formColumns(def)) {
      const field = decl.fields[column.name];
      if (!field) continue;
      expect({ field: column.name, errors: await formErrors('zh', def, column, valid[column.name], valid) }).toEqual({ field: column.name, errors: [] });
      for (const rule of field.rules) {
        if ('unique' in rule) continue; // the server's alone: it needs the table
        if ('enum' in rule && column.valueType === 'switch') continue; // a switch holds only its two values
        const bad = breakingValue(field, rule);
        const key: MessageKey = rule.message;
        for (const language of ['zh', 'en'] as const) {
          const errors = await formErrors(language, def, column, bad, { ...valid, [column.name]: bad });
          expect({ field: column.name, rule: Object.keys(rule)[0], first: errors[0] }).toEqual({ field: column.name, rule: Object.keys(rule)[0], first: MESSAGES[key][language] });
        }
        checked++;
      }
    }
    for (const cross of decl.cross ?? []) {
      const column = formColumns(def).find((c) => c.name === cross.field)!;
      const values = { ...valid, ...cross.refused };
      for (const language of ['zh', 'en'] as const) {
        expect((await formErrors(language, def, column, values[cross.field], values))[0]).toBe(fill(MESSAGES[cross.message][language], cross.params?.(values)));
      }
      // a field a rule needs filled (empty is refused) is marked required while it is
      if (isEmpty(cross.refused[cross.field])) expect({ field: cross.field, marked: marked(def, column, values) }).toEqual({ field: cross.field, marked: true });
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });
});

/** the messages an input's form rules (crud/declared.ts inputRules) show for a field's value */
async function inputErrors(rules: Rule[], name: string, values: Record<string, unknown>): Promise<string[]> {
  const form = { getFieldsValue: () => values, getFieldValue: (n: string) => values[n] };
  const errors: string[] = [];
  for (const rule of rules.map((r: Rule) => (typeof r === 'function' ? r(form as never) : r) as RuleObject)) {
    try {
      await new Schema({ [name]: [rule as never] }).validate({ [name]: values[name] });
    } catch (e) {
      errors.push(...((e as { errors?: { message: string }[] }).errors ?? [{ message: (e as Error).message }]).map((x) => x.message));
    }
  }
  return errors;
}

/** a field's form widget kind: typed text, or a number / choice (a select, a date, a number box) */
const kindOf = (field: FieldDecl) => (field.type === 'string' ? 'text' : 'choice');

describe.each(INPUT_DECLARATIONS.map((d) => [d.name, d] as const))('input %s: the form refuses each rule with its message', (_name, decl) => {
  it('breaking values get the rule message (zh and en); valid values pass', async () => {
    const valid: Record<string, unknown> = Object.fromEntries(Object.entries(decl.fields).map(([n, f]) => [n, validValue(f)]));
    let checked = 0;
    for (const [name, field] of Object.entries(decl.fields)) {
      expect({ field: name, errors: await inputErrors(inputRules(i18n.getFixedT('zh'), decl, name, kindOf(field)), name, valid) }).toEqual({ field: name, errors: [] });
      for (const rule of field.rules) {
        if ('unique' in rule) continue;
        const bad = breakingValue(field, rule);
        for (const language of ['zh', 'en'] as const) {
          const errors = await inputErrors(inputRules(i18n.getFixedT(language), decl, name, kindOf(field)), name, { ...valid, [name]: bad });
          expect({ field: name, rule: Object.keys(rule)[0], first: errors[0] }).toEqual({ field: name, rule: Object.keys(rule)[0], first: MESSAGES[rule.message][language] });
        }
        checked++;
      }
    }
    for (const cross of decl.cross ?? []) {
      const values = { ...valid, ...cross.refused };
      for (const language of ['zh', 'en'] as const) {
        const errors = await inputErrors(inputRules(i18n.getFixedT(language), decl, cross.field, kindOf(decl.fields[cross.field])), cross.field, values);
        expect(errors[0]).toBe(fill(MESSAGES[cross.message][language], cross.params?.(values)));
      }
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });
});

/**
 * Done means no screen writes a rule list of its own (issue 39): a form item's rules come from a declaration
 * (declaredRules / inputRules), never from a list written in the screen.
 */

describe('no form writes a rule list of its own', () => {
  const root = join(__dirname, '../../../src-renderer');
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? files(join(dir, f)) : /\.tsx?$/.test(f) ? [join(dir, f)] : []));
  // a rule list written in place: `rules={[` or `rules: [` (a column's), or a rule object with its own message
  const OWN_RULES = /rules=\{\[|\brules: \[|\{ required: true, [^}]*message:/;
  it('no file outside crud/ writes one', () => {
    const writing = files(root)
      .map((f) => f.slice(root.length + 1))
      .filter((file) => !file.startsWith('crud/')) // the helpers that derive rules from declarations
      .filter((file) => OWN_RULES.test(readFileSync(join(root, file), 'utf8')));
    expect(writing).toEqual([]);
  });
});
