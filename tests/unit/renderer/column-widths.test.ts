// The shared list table's widths (src-renderer/crud/columnWidths.ts): how the data columns share a box, and
// the list width remembered between lists (and measured ahead by the idle warm-up, crud/ListWarmup).
import { describe, expect, it } from 'vitest';
import { rememberListWidth, shareWidths, startingListWidth } from '../../../src-renderer/crud/columnWidths';

describe('list box width remembered between lists', () => {
  it('is unknown until a list or the warm-up measured one, then serves every inset from it', () => {
    expect(startingListWidth(0)).toBe(0);
    expect(startingListWidth(252)).toBe(0);
    // a list beside a side tree (240 px and a 12 px gap) measured its box
    rememberListWidth(894, 252);
    expect(startingListWidth(252)).toBe(894);
    expect(startingListWidth(0)).toBe(1146);
    // a full-width list measured after a resize
    rememberListWidth(1000);
    expect(startingListWidth(0)).toBe(1000);
    expect(startingListWidth(252)).toBe(748);
    // a hidden box (no width) is not remembered
    rememberListWidth(0, 252);
    expect(startingListWidth(0)).toBe(1000);
    // an inset wider than the remembered box: unknown, the list measures
    expect(startingListWidth(1000)).toBe(0);
  });
});

describe('data columns sharing the box', () => {
  const needs = [
    { min: 60, wish: 100 },
    { min: 80, wish: 300 },
    { min: 50, wish: 120, fixed: true },
  ];
  it('gives every wish and shares the rest in proportion when all wishes fit', () => {
    const w = shareWidths(needs, 120 + 800);
    expect(w[2]).toBe(120);
    expect(w[0]).toBe(200);
    expect(w[1]).toBe(600);
  });
  it('gives each its minimum plus a share of what is left when not all wishes fit', () => {
    const w = shareWidths(needs, 120 + 140 + 130);
    expect(w[2]).toBe(120);
    // 130 px over the minimums, wishes 260 px over them: half of each gap
    expect(w).toEqual([80, 190, 120]);
  });
  it('gives the minimums when not even they fit (the table scrolls)', () => {
    expect(shareWidths(needs, 100)).toEqual([60, 80, 120]);
  });
});

describe('what a data column needs', () => {
  it('keeps a few characters of its values in view, beyond its header, and never more than they need', async () => {
    const { columnNeeds } = await import('../../../src-renderer/crud/columnWidths');
    // no canvas in this process: every character counts 14 px (wide characters always do)
    const name = columnNeeds({ key: 'name', header: '名称', values: ['限流测试模型名称很长很长'] });
    expect(name.min).toBe(6 * 14 + 22); // six characters of the value, not just the two of the header
    expect(name.wish).toBe(12 * 14 + 22);
    const short = columnNeeds({ key: 'n', header: '名称', values: ['甲'] });
    expect(short.min).toBe(2 * 14 + 22); // a value shorter than six characters asks for no more than its header
    const fixed = columnNeeds({ key: 't', header: '创建时间', values: ['2026-11-27 02:55:30'], fixed: 170 });
    expect(fixed).toEqual({ min: 170, wish: 170, fixed: true });
  });
});
