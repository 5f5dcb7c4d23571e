import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import param from '../../../src-renderer/screens/system/param';
import { MESSAGES } from '../../../src-shared/messages';
import type { ScreenDef } from '../../../src-renderer/crud/types';
import { idsParam, listParams, pageAfterRemoval, PAGE_SIZES, DEFAULT_PAGE_SIZE, rowIndex } from '../../../src-renderer/crud/params';
import { displayValue, optionsUnder, toFormValues, toSubmitData } from '../../../src-renderer/crud/values';

describe('list parameters', () => {
  it('pages with 10 by default and offers 10/30/50/100/200', () => {
    expect(DEFAULT_PAGE_SIZE).toBe(10);
    expect([...PAGE_SIZES]).toEqual([10, 30, 50, 100, 200]);
  });

  it('sends non-empty search values as LIKE filters and the creation-time range as _datege/_datelt', () => {
    const params = listParams(
      param,
      { paramName: ' 站点 ', paramKey: '', createTimeRange: [dayjs('2024-01-02 03:04:05'), '2024-02-01 00:00:00'] },
      { current: 2, size: 30 },
    );
    expect(params).toEqual({
      current: 2,
      size: 30,
      paramName: '站点',
      createTime_datege: '2024-01-02 03:04:05',
      createTime_datelt: '2024-02-01 00:00:00',
    });
  });

  it('uses _equal for typed columns and for searchOp equal', () => {
    const def: ScreenDef = {
      code: 'x', title: 't', api: { list: '/l', submit: '/s', remove: '/r' }, timeRange: false,
      columns: [
        { name: 'status', label: 'l', valueType: 'select', dict: 'yes_no', search: true },
        { name: 'code', label: 'l', search: true, searchOp: 'equal' },
        { name: 'sealed', label: 'l', valueType: 'switch', search: true },
        { name: 'note', label: 'l' },
      ],
    };
    expect(listParams(def, { status: '1', code: 'abc', sealed: 0, note: 'ignored', createTimeRange: ['a', 'b'] }, { current: 1, size: 10 })).toEqual({
      current: 1, size: 10, status_equal: '1', code_equal: 'abc', sealed_equal: 0,
    });
  });

  it('joins remove ids with commas, numbers rows across pages, steps back from an emptied page', () => {
    expect(idsParam(['1', '2', 3])).toBe('1,2,3');
    expect(rowIndex({ current: 3, size: 10 }, 0)).toBe(21);
    expect(pageAfterRemoval({ current: 3, size: 10 }, 21, 1)).toBe(2);
    expect(pageAfterRemoval({ current: 2, size: 10 }, 25, 2)).toBe(2);
  });
});

describe('form values', () => {
  const def: ScreenDef = {
    code: 'x', title: 't', api: { list: '/l', submit: '/s', remove: '/r' },
    columns: [
      { name: 'name', label: 'l' },
      { name: 'isSealed', label: 'l', valueType: 'switch' },
      { name: 'roleId', label: 'l', valueType: 'select', multiple: true },
      { name: 'sort', label: 'l', valueType: 'select', numeric: true },
      { name: 'releaseTime', label: 'l', valueType: 'datetime' },
      { name: 'createTime', label: 'l', hideInForm: true },
    ],
  };

  it('converts a wire row to form values and back', () => {
    const form = toFormValues(def, { id: '9', name: 'a', isSealed: 1, roleId: '1,2', sort: '3', releaseTime: '2024-05-06 07:08:09', createTime: 'x' });
    expect(form.isSealed).toBe(true);
    expect(form.roleId).toEqual(['1', '2']);
    expect(form.sort).toBe(3);
    expect(dayjs.isDayjs(form.releaseTime)).toBe(true);
    expect('createTime' in form).toBe(false);
    expect(toSubmitData(def, form, '9')).toEqual({ id: '9', name: 'a', isSealed: 1, roleId: '1,2', sort: 3, releaseTime: '2024-05-06 07:08:09' });
    expect(toSubmitData(def, { name: 'b', isSealed: false })).toEqual({ name: 'b', isSealed: 0 });
  });

  it('shows dictionary labels and yes/no in the table', () => {
    const options = [{ value: '1', label: '管理员' }, { value: '2', label: '运营' }];
    expect(displayValue(def.columns[2], '1,2', options, { yes: '是', no: '否' })).toBe('管理员, 运营');
    expect(displayValue(def.columns[1], 0, [], { yes: '是', no: '否' })).toBe('否');
  });
});

describe('system parameter screen', () => {
  it('declares the spec endpoints, width and required messages', () => {
    expect(param.api).toEqual({
      list: '/website-blade-system/param/list',
      detail: '/website-blade-system/param/detail',
      submit: '/website-blade-system/param/submit',
      remove: '/website-blade-system/param/remove',
    });
    expect(param.dialogWidth).toBe(880);
    // the rules are the declaration's (src-shared/declarations/system.ts), their messages the table's
    const required = Object.values(param.declaration!.fields).flatMap((f) => f.rules.filter((r) => 'required' in r).map((r) => MESSAGES[r.message].zh));
    expect(required).toEqual(['请输入参数名称', '请输入参数键名', '请输入参数键值']);
    expect(param.columns.filter((c) => c.search).map((c) => c.name)).toEqual(['paramName', 'paramKey']);
  });
});

describe('selects narrowed by another field (filterBy)', () => {
  const sites = [
    { value: 'a', label: '甲站', parent: 'g1' },
    { value: 'b', label: '乙站', parent: 'g2' },
    { value: 'c', label: '丙站', parent: 'g1' },
  ];
  it('offers only the options under the chosen parent, all of them while none is chosen', () => {
    expect(optionsUnder(sites, 'g1').map((o) => o.value)).toEqual(['a', 'c']);
    expect(optionsUnder(sites, 'g2').map((o) => o.value)).toEqual(['b']);
    expect(optionsUnder(sites, 'g3')).toEqual([]);
    expect(optionsUnder(sites, undefined).map((o) => o.value)).toEqual(['a', 'b', 'c']);
    expect(optionsUnder(sites, '').map((o) => o.value)).toEqual(['a', 'b', 'c']);
  });
  it('compares a numeric parent id as text', () => {
    expect(optionsUnder([{ value: 1, label: 'x', parent: '7' }], 7).map((o) => o.value)).toEqual([1]);
  });
});
