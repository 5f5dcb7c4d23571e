import { useEffect, useMemo, useRef, useState } from 'react';
import { AutoComplete, Button, Empty, Input, Modal, type InputRef } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useStableNavigate } from '../../layout/navigation';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../stores/session';
import { useTags } from '../../stores/tags';
import { useRecent } from '../../stores/recent';
import { userRoles, visibleMenu } from '../../session/menu';
import { menuLabel, pageLabel } from '../../layout/labels';
import { fuzzyMatch, menuLeaves, prefixMatch, type MenuLeaf } from './search';

function useLeaves(): MenuLeaf[] {
  const { t } = useTranslation();
  const menus = useSession((s) => s.menus);
  const user = useSession((s) => s.user);
  return useMemo(() => menuLeaves(visibleMenu(menus, userRoles(user?.role_name)), (n) => menuLabel(t, n)), [menus, user, t]);
}

/** The top autocomplete search over menu names. */
export function TopSearch() {
  const { t } = useTranslation();
  const navigate = useStableNavigate();
  const leaves = useLeaves();
  const [value, setValue] = useState('');
  const options = useMemo(() => fuzzyMatch(leaves, value).slice(0, 20).map((l) => ({ value: l.path, label: l.label })), [leaves, value]);
  return (
    <AutoComplete
      className="desk-top-search"
      options={value ? options : []}
      value={value}
      onChange={(v: string) => setValue(v)}
      onSelect={(path: string) => {
        setValue('');
        navigate(path);
      }}
      style={{ width: 'clamp(120px, calc(100vw - 1160px), 200px)' }}
    >
      <Input size="small" prefix={<SearchOutlined />} placeholder={t('shell.searchPlaceholder')} aria-label={t('shell.search')} allowClear />
    </AutoComplete>
  );
}

/** Menu search overlay: prefix match on leaf names; Esc closes. */
export function MenuSearchOverlay() {
  const { t } = useTranslation();
  const navigate = useStableNavigate();
  const leaves = useLeaves();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const input = useRef<InputRef>(null);
  const found = prefixMatch(leaves, query);

  useEffect(() => {
    if (!open) return;
    input.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <>
      <Button type="text" className="desk-header-btn" icon={<SearchOutlined />} aria-label={t('shell.menuSearch')} onClick={() => {
        setQuery('');
        setOpen(true);
      }} />
      {open && (
        <div className="desk-search-overlay" role="dialog" aria-label={t('shell.menuSearch')}>
          <div className="desk-search-box">
            <Input ref={input} size="large" value={query} onChange={(e) => setQuery(e.target.value)} placeholder={t('shell.searchPlaceholder')} aria-label={t('shell.searchPlaceholder')} />
            <ul className="desk-search-list" aria-label={t('shell.menus')}>
              {found.length === 0 && <li className="desk-search-empty">{t('shell.noMatch')}</li>}
              {found.map((l) => (
                <li key={l.path}>
                  <button
                    type="button"
                    onClick={() => {
                      setOpen(false);
                      navigate(l.path);
                    }}
                  >
                    <span>{l.label}</span>
                    <small>{l.path}</small>
                  </button>
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
    </>
  );
}

/** Ctrl/Cmd+K: a keyboard palette over the menus, the recently opened pages and the recently opened records. */
/**
 * Ctrl/Cmd+K: the command palette. Closed, it holds only its key listener: the dialog (which follows the open
 * tabs, the recent records and the menus) is rendered from the first open until its closing animation ends, so
 * opening a page does not re-render it.
 */
export function CommandPalette() {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        setMounted(true);
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return mounted ? <PaletteDialog open={open} onClose={() => setOpen(false)} afterClose={() => setMounted(false)} /> : null;
}

function PaletteDialog({ open, onClose, afterClose }: { open: boolean; onClose(): void; afterClose(): void }) {
  const { t } = useTranslation();
  const navigate = useStableNavigate();
  const leaves = useLeaves();
  const menus = useSession((s) => s.menus);
  const tags = useTags((s) => s.tags);
  const records = useRecent((s) => s.records);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  // opened again before its closing animation ended: a fresh query
  useEffect(() => {
    if (!open) return;
    setQuery('');
    setActive(0);
  }, [open]);

  const recent: MenuLeaf[] = [...tags].reverse().map((p) => ({ path: p, label: pageLabel(t, menus, p) }));
  // a record: matched on its own name, shown as "<its name> · <screen>"
  const recentRecords = records.map((r) => ({ path: r.path, id: r.id, label: r.label }));
  type Item = MenuLeaf & { group: 'recent' | 'record' | 'menus'; id?: string };
  const items: Item[] = [
    ...fuzzyMatch(recent, query).map((l) => ({ ...l, group: 'recent' as const })),
    ...fuzzyMatch(recentRecords, query).map((l) => ({ ...l, label: `${l.label} · ${pageLabel(t, menus, l.path)}`, group: 'record' as const })),
    ...fuzzyMatch(leaves, query).map((l) => ({ ...l, group: 'menus' as const })),
  ].slice(0, 30);
  const go = (item: Item) => {
    onClose();
    // a record: its screen shows it in the view dialog once open
    if (item.id) useRecent.getState().request(item.path, item.id);
    navigate(item.path);
  };

  return (
    <Modal open={open} onCancel={onClose} afterClose={afterClose} footer={null} closable={false} title={t('shell.palette')} destroyOnHidden width={560}>
      <Input
        autoFocus
        value={query}
        placeholder={t('shell.palettePlaceholder')}
        aria-label={t('shell.palettePlaceholder')}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') setActive((a) => Math.min(a + 1, items.length - 1));
          else if (e.key === 'ArrowUp') setActive((a) => Math.max(a - 1, 0));
          else if (e.key === 'Enter' && items[active]) {
            // no keypress after this keydown: a record's view dialog opens within this event, and the
            // Enter would otherwise press the button that dialog focuses (closing it at once)
            e.preventDefault();
            go(items[active]);
          }
        }}
      />
      {items.length === 0 ? (
        <Empty description={t('shell.noMatch')} />
      ) : (
        <ul className="desk-palette-list" role="listbox" aria-label={t('shell.palette')}>
          {items.map((l, i) => (
            <li key={`${l.group}:${l.path}:${l.id ?? ''}`} role="option" aria-selected={i === active} className={i === active ? 'active' : ''} onMouseEnter={() => setActive(i)} onClick={() => go(l)}>
              <span>{l.label}</span>
              <small>{l.group === 'record' ? t('shell.recentRecord') : l.group === 'recent' ? t('shell.recent') : t('shell.menus')}</small>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
