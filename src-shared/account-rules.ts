// The rules of what a person types into an account form, one definition for
// the forms of the console and the back end (shell-and-system.md §5).
// The spec is silent on a password's length: BladeX's 6 characters at least.

export const PASSWORD_MIN_LENGTH = 6;

// The messages are keys of the table (src-shared/messages/system-messages.ts), their zh texts the spec's words.
/** a confirmation that differs (registration, §5: 两次密码输入不一致), on every screen that sets a password */
export const MSG_PASSWORD_MISMATCH = 'sys.passwordMismatch';
/** 密码长度不能少于6位 (PASSWORD_MIN_LENGTH) */
export const MSG_PASSWORD_SHORT = 'sys.passwordShort';
export const MSG_EMAIL_FORMAT = 'sys.emailFormat';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An e-mail address of the usual shape (name@host.tld); empty counts as absent. */
export function emailValid(email: string): boolean {
  return EMAIL.test(email);
}

/** The message key of a new password that is too short, or null. */
export function passwordProblem(password: string): typeof MSG_PASSWORD_SHORT | null {
  return password.length < PASSWORD_MIN_LENGTH ? MSG_PASSWORD_SHORT : null;
}
