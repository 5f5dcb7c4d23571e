// Checks of the personal info page (shell-and-system.md §5).

export const AVATAR_TYPES = ['image/jpeg', 'image/png'];
export const AVATAR_MAX_BYTES = 500 * 1024;

/** Avatar upload: jpg or png, at most 500 kb. */
export function avatarProblem(file: { type: string; size: number }): string | null {
  if (!AVATAR_TYPES.includes(file.type)) return 'shell.info.avatarType';
  if (file.size > AVATAR_MAX_BYTES) return 'shell.info.avatarSize';
  return null;
}
