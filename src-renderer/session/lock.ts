// The lock flag lives in sessionStorage (spec: locked state is kept in session storage).
const LOCK_KEY = 'desk.locked';
const LOCK_PASSWORD_KEY = 'desk.lockPassword';
/** the page that was open when the screen was locked: unlocking returns there */
const LOCK_RETURN_KEY = 'desk.lockReturn';

export const isLocked = (): boolean => sessionStorage.getItem(LOCK_KEY) === '1';

/**
 * Sets the locked flag; `password` null keeps the lock password already set. `openPath` is the page open at
 * that moment (where unlocking returns).
 */
export function lock(password: string | null, openPath: string): void {
  if (password !== null) sessionStorage.setItem(LOCK_PASSWORD_KEY, password);
  sessionStorage.setItem(LOCK_RETURN_KEY, openPath);
  sessionStorage.setItem(LOCK_KEY, '1');
}

/** Where unlocking goes: the page open when the screen was locked (the home page when none was kept). */
export function lockReturnPath(): string {
  const path = sessionStorage.getItem(LOCK_RETURN_KEY);
  return path && path.startsWith('/') && path !== '/lock' ? path : '/';
}

/** true when a lock password was already set (the lock icon then locks straight away). */
export const hasLockPassword = (): boolean => !!sessionStorage.getItem(LOCK_PASSWORD_KEY);

/** true when `password` matches the lock password (the lock is then cleared). */
export function unlock(password: string): boolean {
  if (sessionStorage.getItem(LOCK_PASSWORD_KEY) !== password) return false;
  clearLock();
  return true;
}

export function clearLock(): void {
  sessionStorage.removeItem(LOCK_KEY);
  sessionStorage.removeItem(LOCK_PASSWORD_KEY);
  sessionStorage.removeItem(LOCK_RETURN_KEY);
}
