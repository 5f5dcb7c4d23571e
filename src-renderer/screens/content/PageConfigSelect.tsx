// The category form's 模板页面 select: the enabled template pages (status 1), plus
// the disabled one the category already holds (marked as disabled) so an edit
// keeps it; the back end refuses a disabled page chosen anew.
import { Select } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomInputProps } from '../../crud/types';
import { call } from '../../platform/bridge';

interface PageConfig {
  id: string;
  name: string;
  status: number;
}

export function PageConfigSelect({ id, value, onChange, disabled, placeholder }: CustomInputProps) {
  const { t } = useTranslation();
  const [configs, setConfigs] = useState<PageConfig[]>([]);
  // the value the form opened with: the category's own page, offered even when disabled
  const held = useRef(value === undefined || value === null || value === '' ? undefined : String(value));
  useEffect(() => {
    let alive = true;
    call('api:request', { method: 'get', url: '/blade-material/templatePageConfig/page', params: { current: 1, size: 1000 } })
      .then((reply) => {
        const records = ((reply.data as { records?: Record<string, unknown>[] } | null)?.records ?? []).map((r) => ({
          id: String(r.id),
          name: String(r.name ?? ''),
          status: Number(r.status),
        }));
        if (alive) setConfigs(records);
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, []);
  const options = useMemo(
    () =>
      configs
        .filter((c) => c.status === 1 || c.id === held.current)
        .map((c) => ({ value: c.id, label: c.status === 1 ? c.name : t('content.pageConfig.disabledOption', { name: c.name }) })),
    [configs, t],
  );
  return (
    <Select
      id={id}
      value={value === undefined || value === null || value === '' ? undefined : String(value)}
      onChange={(v: string | undefined) => onChange?.(v ?? null)}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      options={options}
      placeholder={placeholder}
      disabled={disabled}
    />
  );
}
