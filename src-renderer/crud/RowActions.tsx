// The action column of the shared list: up to three link buttons (plus the actions
// a screen marks `inline`), the rest in a "more" dropdown, so the column stays as
// narrow as its buttons.
//
// The buttons are plain <button>s styled as antd's small link buttons (.desk-row-action in styles.css, from
// antd's own CSS variables, so themes and dark mode apply): a page of rows holds 30-40 of them, and antd's
// Button (style hooks, wave effect) made them about a sixth of the work of rendering a page of rows. A row's
// "more" menu (antd's Dropdown and its trigger) is mounted by the first click on its button, not with the page:
// ten rows held ten Dropdowns that the first open of a screen built and nobody had opened. Its caret is drawn by
// CSS (.desk-row-more-caret), not an icon component: ten rows held ten SVG icons built with the page.
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../src-shared/wire';
import { actionColumnWidth } from './columnWidths';

export interface RowAction {
  key: string;
  label: string;
  danger?: boolean;
  /** always a button of its own, never in "more" (and not counted among the first three) */
  inline?: boolean;
  /** shown for this row (default: always) */
  visible?(row: Row): boolean;
  run(row: Row): void;
}

/** buttons shown inline besides those marked inline; the other actions past the third go into "more" */
export const INLINE_ACTIONS = 3;

/** the actions shown as buttons (those marked inline and the first three others, in their order) and those in "more" */
export function splitActions<T extends { inline?: boolean }>(list: readonly T[]): { inline: T[]; more: T[] } {
  const inline: T[] = [];
  const more: T[] = [];
  let free = INLINE_ACTIONS;
  for (const a of list) {
    if (a.inline) inline.push(a);
    else if (free > 0) {
      free--;
      inline.push(a);
    } else more.push(a);
  }
  return { inline, more };
}

/** the width of the action column for these actions (every action counted, as some row may show them all) */
export function rowActionsWidth(actions: readonly RowAction[], header: string, moreLabel: string): number {
  const { inline, more } = splitActions(actions);
  return actionColumnWidth([...inline.map((a) => a.label), ...(more.length ? [moreLabel + '  '] : [])], header);
}

export function RowActions({ actions, row }: { actions: readonly RowAction[]; row: Row }) {
  const { inline, more } = splitActions(actions.filter((a) => !a.visible || a.visible(row)));
  return (
    <span className="desk-row-actions">
      {inline.map((a) => (
        <button key={a.key} type="button" className={a.danger ? 'desk-row-action desk-row-action-danger' : 'desk-row-action'} data-action={a.key} onClick={() => a.run(row)}>
          {a.label}
        </button>
      ))}
      {more.length > 0 && <MoreActions more={more} row={row} />}
    </span>
  );
}

function MoreActions({ more, row }: { more: readonly RowAction[]; row: Row }) {
  const { t } = useTranslation();
  // mounted by the first click (the Dropdown takes the button's place once that click is over: mounting it on
  // the way in, on hover or focus, put a new button under a press that had begun on the old one, and the click
  // went to neither)
  const [armed, setArmed] = useState(false);
  const focused = useRef(false);
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (armed && focused.current) ref.current?.focus();
  }, [armed]);
  const button = (
    <button
      ref={ref}
      type="button"
      className="desk-row-action"
      data-action="__more"
      aria-haspopup="menu"
      onClick={
        armed
          ? undefined
          : (e) => {
              focused.current = document.activeElement === e.currentTarget;
              setArmed(true);
            }
      }
    >
      {t('crud.more')}
      <span className="desk-row-more-caret" aria-hidden />
    </button>
  );
  if (!armed) return button;
  return (
    <OpenableMenu more={more} row={row} openAtOnce>
      {button}
    </OpenableMenu>
  );
}

function OpenableMenu({ more, row, openAtOnce, children }: { more: readonly RowAction[]; row: Row; openAtOnce: boolean; children: ReactElement }) {
  const [open, setOpen] = useState(false);
  // opened by the click that mounted it: after that click is over, or its way up to the document would be taken
  // for a click outside the new menu, which closes it
  useEffect(() => {
    if (!openAtOnce) return;
    const timer = setTimeout(() => setOpen(true));
    return () => clearTimeout(timer);
  }, [openAtOnce]);
  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={setOpen}
      menu={{
        items: more.map((a) => ({ key: a.key, label: <span data-action={a.key}>{a.label}</span>, danger: a.danger })),
        onClick: ({ key }) => {
          setOpen(false);
          more.find((a) => a.key === key)?.run(row);
        },
      }}
    >
      {children}
    </Dropdown>
  );
}
