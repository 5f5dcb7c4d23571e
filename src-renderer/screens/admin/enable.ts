// The enable row action of SMS and object-storage configurations (POST <base>/enable?id=).
import type { ExtraAction } from '../../crud/types';
import { call } from '../../platform/bridge';

export function enableAction(base: string, code: string): ExtraAction {
  return {
    key: 'enable',
    label: 'adminRes.enable',
    permission: `${code}_edit`,
    placement: 'row',
    confirm: 'adminRes.enableConfirm',
    visible: (row) => Number(row.status) !== 2,
    run: async ({ row }) => {
      await call('api:request', { method: 'post', url: `${base}/enable`, params: { id: String(row?.id ?? '') } });
    },
  };
}
