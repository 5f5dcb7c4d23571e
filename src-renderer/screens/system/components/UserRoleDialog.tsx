// User role grant: user/grant (userIds, roleIds) with the role tree; the roles' rule is the user's declaration's
// (USER.roleId), which the route judges too.
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExtraActionDialogProps } from '../../../crud/types';
import { TreeSelectField } from '../../../crud/TreeSelectField';
import { keysOf, post, SYS } from '../api';
import { FormModal } from './FormModal';
import { inputRules } from '../../../crud/declared';
import { USER } from '../../../../src-shared/declarations/system';

const ROLE_COLUMN = { name: 'roleId', label: 'sysUser.roleId', valueType: 'treeSelect' as const, multiple: true, treeUrl: `${SYS}/role/tree` };

export function UserRoleDialog({ ctx, onClose, onDone }: ExtraActionDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const keys = ctx.row ? [String(ctx.row.id)] : ctx.selectedKeys;
  const initial = ctx.row ?? (ctx.selected.length === 1 ? ctx.selected[0] : null);
  return (
    <FormModal
      title={t('sysUser.grantRole')}
      form={form}
      onClose={onClose}
      onDone={onDone}
      save={(v) => post(`${SYS}/user/grant`, { params: { userIds: keysOf(keys), roleIds: (v.roleId as string[]).join(',') } })}
    >
      <Form.Item
        name="roleId"
        label={t('sysUser.roleId')}
        initialValue={initial?.roleId ? String(initial.roleId).split(',').filter(Boolean) : []}
        rules={inputRules(t, USER, 'roleId', 'choice')}
      >
        <TreeSelectField column={ROLE_COLUMN} placeholder={t('crud.selectPlaceholder', { label: t('sysUser.roleId') })} />
      </Form.Item>
    </FormModal>
  );
}
