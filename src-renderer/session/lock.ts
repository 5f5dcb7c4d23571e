// The lock flag lives in sessionStorage (spec: locked state is kept in session storage).
const LOCK_KEY = 'desk.locked';
const LOCK_PASSWORD_KEY = 'desk.lockPassword';

export const isLocked = (): boolean => sessionStorage.getItem(LOCK_KEY) === '1';

/** Sets the locked flag; `password` null keeps the lock password already set. */
export function lock(password: string | null): void {
  if (password !== null) sessionStorage.setItem(LOCK_PASSWORD_KEY, password);
  sessionStorage.setItem(LOCK_KEY, '1');
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
}
