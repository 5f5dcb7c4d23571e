// A form's check before it is sent, for every dialog's 保存 / 确定.
import type { FormInstance } from 'antd';
import type { NamePath } from 'antd/es/form/interface';

/** How often a check that was overtaken is taken again (each overtaking is a field that changed meanwhile). */
const TRIES = 5;

/**
 * `form.validateFields()`, taken again when antd answers that it was overtaken ("out of date": a field's own
 * check began while it ran, say an input that reports its value as the dialog becomes editable, or a value that
 * arrives with the click). antd rejects the earlier check then, with no message on any field, and the click on
 * 保存 did nothing. Rejects as validateFields does when a field is wrong (the form shows why). `names`: only
 * those fields.
 */
export async function validateForm<Values>(form: FormInstance<Values>, names?: NamePath[]): Promise<Values> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await (names ? form.validateFields(names) : form.validateFields());
    } catch (e) {
      if (attempt >= TRIES || !(e as { outOfDate?: boolean } | null)?.outOfDate) throw e;
    }
  }
}
