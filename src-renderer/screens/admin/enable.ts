// What SMS and object-storage configurations share: the category column (from the dictionary of the
// same code), the status column (1 closed, 2 enabled) and the enable row action (POST <base>/enable?id=).
import type { ColumnDef, ExtraAction } from '../../crud/types';
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

/** The configuration's category, from the dictionary `oss` / `sms` (keys 1-5; 5 the built-in one). */
export function categoryColumn(dict: 'oss' | 'sms'): ColumnDef {
  return {
    name: 'category',
    label: 'adminRes.category',
    valueType: 'select',
    numeric: true,
    search: true,
    searchOp: 'equal',
    dict,
  };
}

/** Set by the server: exactly one enabled configuration per tenant. */
export const statusColumn: ColumnDef = {
  name: 'status',
  label: 'adminRes.status',
  valueType: 'select',
  numeric: true,
  hideInForm: true,
  options: [
    { value: 1, label: 'adminRes.closed' },
    { value: 2, label: 'adminRes.enabled' },
  ],
};
