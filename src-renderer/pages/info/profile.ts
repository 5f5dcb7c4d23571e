// Checks of the personal info page (shell-and-system.md §5).

/** The phone check helper on an optional phone (the seeded administrator has none): i18n key of the problem, or null. */
export function phoneProblem(phone: string | undefined): string | null {
  const v = (phone ?? '').trim();
  if (!v) return null;
  if (v.length !== 11) return 'shell.info.phoneLength';
  if (!/^1[3-9]\d{9}$/.test(v)) return 'shell.info.phoneFormat';
  return null;
}

export const AVATAR_TYPES = ['image/jpeg', 'image/png'];
export const AVATAR_MAX_BYTES = 500 * 1024;

/** Avatar upload: jpg or png, at most 500 kb. */
export function avatarProblem(file: { type: string; size: number }): string | null {
  if (!AVATAR_TYPES.includes(file.type)) return 'shell.info.avatarType';
  if (file.size > AVATAR_MAX_BYTES) return 'shell.info.avatarSize';
  return null;
}
