// The caller, as read from a verified access token.
export interface AuthUser {
  userId: string;
  tenantId: string;
  /** comma list */
  deptId: string;
  /** comma list */
  roleId: string;
  /** comma list of role aliases */
  roleName: string;
  account: string;
  userName: string;
  clientId: string;
  /** the sign-in this token belongs to (blade_token_session.id): a password change keeps it, ends the others */
  sessionId: string;
}

export function roleIdsOf(user: AuthUser): string[] {
  return user.roleId.split(',').filter(Boolean);
}

export function firstDeptOf(user: AuthUser): string {
  return user.deptId.split(',').filter(Boolean)[0] ?? '';
}

declare module 'fastify' {
  interface FastifyRequest {
    authUser: AuthUser | null;
  }
}

/** The authenticated caller of a route that went through the guard. */
export function callerOf(request: { authUser: AuthUser | null }): AuthUser {
  if (!request.authUser) throw new Error('route reached without an authenticated caller');
  return request.authUser;
}
