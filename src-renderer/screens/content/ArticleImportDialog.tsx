// Article import (legacy importText): a .txt file of `title|keyword|content` lines
// into the chosen website group, website and column, run as an import task.
import { useEffect, useState } from 'react';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExtraActionDialogProps } from '../../crud/types';
import { call } from '../../platform/bridge';
import { TaskImportDialog } from './KeywordImportDialog';
import '../../i18n/areas/content';

type Option = { value: string; label: string };

async function options(url: string, params: Record<string, unknown>, label: string, keep: (x: Record<string, unknown>) => boolean = () => true): Promise<Option[]> {
  const r = await call('api:request', { method: 'get', url, params });
  return ((r.data as Record<string, unknown>[] | null) ?? []).filter(keep).map((x) => ({ value: String(x.id), label: String(x[label] ?? '') }));
}

export function ArticleImportDialog(props: ExtraActionDialogProps) {
  const { t } = useTranslation();
  const [groups, setGroups] = useState<Option[]>([]);
  const [sites, setSites] = useState<Option[]>([]);
  const [cates, setCates] = useState<Option[]>([]);
  const [group, setGroup] = useState<string>();
  const [site, setSite] = useState<string>();
  const [cate, setCate] = useState<string>();
  useEffect(() => void options('/website-blade-material/websiteGroup/listGroup', {}, 'name').then(setGroups), []);
  useEffect(() => {
    setSite(undefined);
    setCate(undefined);
    if (!group) return;
    void options('/website-blade-material/websiteInfo/listGroup', { websiteGroupId: group }, 'websiteName').then(setSites);
    // only the columns that hold pages (type 2): a jump page holds no article
    void options('/website-blade-article/cate/getCate', { websiteGroupId: group }, 'cateName', (x) => Number(x.type) === 2).then(setCates);
  }, [group]);
  return (
    <TaskImportDialog {...props} title={t('content.c3.articleImport')} url="/website-blade-article/article/importText"
      data={{ websiteGroupId: group, websiteInfoId: site, parentId: cate }} ready={Boolean(group && site && cate)} hint={t('content.c3.articleImportHint')}
      uniqueLabel="content.c3.uniqueLines">
      <Form layout="vertical">
        <Form.Item label={t('content.c2.article.websiteGroupId')} required>
          <Select aria-label={t('content.c2.article.websiteGroupId')} options={groups} value={group} onChange={setGroup} placeholder={t('content.c2.groupRequired')} />
        </Form.Item>
        <Form.Item label={t('content.c2.article.websiteInfoId')} required>
          <Select aria-label={t('content.c2.article.websiteInfoId')} options={sites} value={site} onChange={setSite} disabled={!group} />
        </Form.Item>
        <Form.Item label={t('content.c2.article.parentId')} required>
          <Select aria-label={t('content.c2.article.parentId')} options={cates} value={cate} onChange={setCate} disabled={!group} />
        </Form.Item>
      </Form>
    </TaskImportDialog>
  );
}
