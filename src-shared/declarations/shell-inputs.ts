// The shell's inputs (spec shell-and-system.md: 切换部门/角色, 锁屏). No server route judges them, so these
// declarations are the one place their rules live, and the renderer alone reads them:
// - the switch is a token refresh carrying Dept-Id / Role-Id (the OAuth reply stays BladeX's; the server checks
//   the ids are the user's own);
// - the lock password never leaves the machine (src-renderer/session/lock.ts keeps its digest).
import { required, text, type InputDecl } from './declare';

export const SWITCH_IDENTITY: InputDecl = {
  name: 'switchIdentity',
  judge: { side: 'renderer', why: 'a token refresh with Dept-Id / Role-Id headers: no input of a route of ours' },
  fields: {
    deptId: text(required('shellForm.deptRequired')),
    roleId: text(required('shellForm.roleRequired')),
  },
};

/** the lock screen's password: set by the header's lock button, asked again by the lock page */
export const LOCK_PASSWORD: InputDecl = {
  name: 'lockPassword',
  judge: { side: 'renderer', why: 'the lock password stays on the machine (its digest in session storage)' },
  fields: { password: text(required('shellForm.lockRequired')) },
};

export const SHELL_INPUTS: readonly InputDecl[] = [SWITCH_IDENTITY, LOCK_PASSWORD];
