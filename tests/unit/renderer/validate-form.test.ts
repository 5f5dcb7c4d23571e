import { describe, expect, it } from 'vitest';
import type { FormInstance } from 'antd';
// antd's form store itself (@rc-component/form, what Form.useForm() holds), without React
import { FormStore } from '@rc-component/form/lib/hooks/useForm';
import { HOOK_MARK } from '@rc-component/form/lib/FieldContext';
import { validateForm } from '../../../src-renderer/crud/validateForm';

/**
 * A form with one required field `title` = 'x'. Its first `overtaken` checks are overtaken: the field's own check
 * begins while the form's check runs, as when an input reports its value (a change) just as 保存 is clicked.
 */
function formWhoseChecksAreOvertaken(overtaken: number, value: unknown = 'x') {
  const store = new FormStore(() => {});
  const form = store.getForm() as unknown as FormInstance;
  let checks = 0;
  const entity = {
    props: { name: ['title'], rules: [{ required: true, message: '请输入标题' }] },
    getNamePath: () => ['title'],
    isFieldDirty: () => true,
    isFieldTouched: () => true,
    isFieldValidating: () => false,
    isList: () => false,
    isListField: () => false,
    isPreserve: () => true,
    onStoreChange: () => {},
    getMeta: () => ({}),
    getErrors: () => [],
    getWarnings: () => [],
    validateRules: (options?: { triggerName?: string }) => {
      // the form's check (not the field's own, which a change starts): overtaken by a change while it runs
      if (options?.triggerName !== 'onChange') {
        checks += 1;
        if (checks <= overtaken) queueMicrotask(() => void form.validateFields(['title'], { triggerName: 'onChange' } as never).catch(() => undefined));
      }
      const current = form.getFieldValue('title');
      // a rule's check takes a moment (antd's are promises): the change comes while it runs
      return new Promise((resolve, reject) =>
        setTimeout(() => (current ? resolve([]) : reject([{ rule: { required: true }, errors: ['请输入标题'] }])), 1),
      );
    },
  };
  // the registration a Form.Item makes (antd's internal hooks)
  ((store as unknown as { getInternalHooks(mark: string): { registerField(e: unknown): void } }).getInternalHooks(HOOK_MARK)).registerField(entity);
  form.setFieldsValue({ title: value });
  return { form, checks: () => checks };
}

describe('validateForm: the check of a dialog before it is sent', () => {
  it('antd alone rejects an overtaken check with no message: the click would do nothing', async () => {
    const { form } = formWhoseChecksAreOvertaken(1);
    await expect(form.validateFields()).rejects.toMatchObject({ outOfDate: true, errorFields: [] });
  });

  it('takes an overtaken check again and answers the values', async () => {
    const { form, checks } = formWhoseChecksAreOvertaken(2);
    await expect(validateForm(form)).resolves.toEqual({ title: 'x' });
    expect(checks()).toBeGreaterThanOrEqual(3);
  });

  it('still rejects a wrong field, with its message', async () => {
    const { form } = formWhoseChecksAreOvertaken(0, '');
    await expect(validateForm(form)).rejects.toMatchObject({ errorFields: [{ name: ['title'], errors: ['请输入标题'] }] });
  });

  it('gives up on a form overtaken again and again, rejecting as antd does', async () => {
    const { form, checks } = formWhoseChecksAreOvertaken(Number.POSITIVE_INFINITY);
    await expect(validateForm(form)).rejects.toMatchObject({ outOfDate: true });
    expect(checks()).toBeLessThan(20);
  });
});
