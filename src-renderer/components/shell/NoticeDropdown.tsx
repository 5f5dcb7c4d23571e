import { useEffect, useState } from 'react';
import { Badge, Button, Empty, List, Popover, Tabs } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { call } from '../../platform/bridge';

interface Notice {
  id: string;
  title: string;
  releaseTime?: string;
}

export const NOTICE_LIST_URL = '/website-blade-desk/notice/list';

/** The bell: mail, message and notice tabs; the notice tab reads the notice API. */
export function NoticeDropdown() {
  const { t } = useTranslation();
  const [notices, setNotices] = useState<Notice[]>([]);
  useEffect(() => {
    call('api:request', { method: 'get', url: NOTICE_LIST_URL, params: { current: 1, size: 10 } })
      .then((r) => {
        const data = r.data as { records?: Notice[] } | null;
        setNotices(Array.isArray(data?.records) ? data.records : []);
      })
      .catch(() => setNotices([]));
  }, []);
  const list = (items: Notice[]) =>
    items.length === 0 ? (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('shell.noticeEmpty')} />
    ) : (
      <List size="small" dataSource={items} renderItem={(n) => <List.Item key={n.id}><List.Item.Meta title={n.title} description={n.releaseTime} /></List.Item>} />
    );
  const content = (
    <Tabs
      style={{ width: 320 }}
      items={[
        { key: 'mail', label: t('shell.noticeTabs.mail'), children: list([]) },
        { key: 'message', label: t('shell.noticeTabs.message'), children: list([]) },
        { key: 'notice', label: t('shell.noticeTabs.notice'), children: list(notices) },
      ]}
      defaultActiveKey="notice"
    />
  );
  return (
    <Popover trigger="click" content={content} placement="bottomRight">
      <Badge count={notices.length} size="small" offset={[-6, 8]}>
        <Button type="text" className="desk-header-btn" icon={<BellOutlined />} aria-label={t('shell.notice')} />
      </Badge>
    </Popover>
  );
}
