import { Tabs } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSession } from '../stores/session';
import { useTags } from '../stores/tags';
import { isClosable } from '../router/tags';
import { pageLabel } from './labels';

/** Opened pages as tabs; closable while more than one is open. */
export function TagBar({ path }: { path: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tags = useTags((s) => s.tags);
  const close = useTags((s) => s.close);
  const menus = useSession((s) => s.menus);
  const closable = isClosable(tags);

  return (
    <nav className="desk-tags" aria-label={t('layout.tags')}>
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={path}
        items={tags.map((tag) => ({ key: tag, label: pageLabel(t, menus, tag), closable }))}
        onChange={(key) => navigate(key)}
        onEdit={(key, action) => {
          if (action !== 'remove' || typeof key !== 'string') return;
          const next = close(key, path);
          if (next) navigate(next);
        }}
      />
    </nav>
  );
}
