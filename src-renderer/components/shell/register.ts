// The registration dialog's checks, in the spec's order (shell-and-system.md §5).
import { PASSWORD_MIN_LENGTH } from '../../../src-shared/account-rules';

export interface RegisterForm {
  tenantId: string;
  name: string;
  account: string;
  password: string;
  password2: string;
}

/** The i18n key of the first failing check, or null. */
export function registerProblem(f: RegisterForm): string | null {
  if (!f.tenantId.trim()) return 'shell.tenantRequired';
  if (!f.account.trim()) return 'shell.accountRequired';
  if (!f.password || !f.password2) return 'shell.passwordRequired';
  if (f.password !== f.password2) return 'shell.passwordMismatch';
  if (f.password.length < PASSWORD_MIN_LENGTH) return 'shell.passwordShort';
  return null;
}

/** The dialog shows for a signed-in social-login guest whose user id is missing or negative. */
export function needsRegistration(userId: string | undefined | null): boolean {
  if (userId === undefined || userId === null || userId.trim() === '') return true;
  const n = Number(userId);
  return Number.isFinite(n) && n < 0;
}
