/**
 * THE permission table (decision 006). The server's procedure builders, the session's
 * `permissions` list and the client's menu and guards all read it; change a role here and every side follows.
 *
 * Semantics (CASL-like, decision 006): `manage` implies `read`; subject `all` matches every
 * subject; an inverted rule ("cannot") wins over any rule that allows.
 */
export const ROLES = ['SUPER_ADMIN', 'MODERATOR', 'COMPANY_ADMIN', 'EMPLOYEE', 'USER', 'GUEST'] as const;
export type Role = (typeof ROLES)[number];

export const SUBJECTS = ['Product', 'User', 'Guest', 'Manage', 'Admin', 'Login', 'all'] as const;
export type Subject = (typeof SUBJECTS)[number];
export type Action = 'manage' | 'read';

export interface PermissionRule {
  action: Action;
  subject: Subject;
  inverted?: boolean;
}

const allow = (action: Action, ...subjects: Subject[]): PermissionRule[] =>
  subjects.map((subject) => ({ action, subject }));
const deny = (action: Action, ...subjects: Subject[]): PermissionRule[] =>
  subjects.map((subject) => ({ action, subject, inverted: true }));

export const PERMISSIONS: Readonly<Record<Role, readonly PermissionRule[]>> = {
  SUPER_ADMIN: [...allow('manage', 'all'), ...deny('read', 'Login')],
  MODERATOR: [
    ...allow('manage', 'Admin'),
    ...allow('read', 'Manage', 'Product', 'User', 'Guest'),
    ...deny('manage', 'Manage', 'User'),
    ...deny('read', 'Login'),
  ],
  COMPANY_ADMIN: [
    ...allow('manage', 'Manage', 'Product', 'User'),
    ...allow('read', 'Product', 'Guest'),
    ...deny('read', 'Login'),
  ],
  EMPLOYEE: [
    ...allow('manage', 'Product'),
    // 'read User' is not in the decisions' row, but without it an employee has no Settings page and
    // cannot change its own password (docs/decisions/007). Managing users stays forbidden.
    ...allow('read', 'Manage', 'Guest', 'User'),
    ...deny('manage', 'User', 'Manage'),
    ...deny('read', 'Login'),
  ],
  USER: [...allow('read', 'Product', 'User', 'Guest'), ...deny('manage', 'Admin', 'Manage')],
  GUEST: [...allow('read', 'Login', 'Product', 'Guest'), ...deny('manage', 'Admin', 'Manage')],
};

/** Roles that belong to a company and only ever see that company's rows. */
export const COMPANY_ROLES: readonly Role[] = ['COMPANY_ADMIN', 'EMPLOYEE'];

function matches(rule: PermissionRule, action: Action, subject: Subject): boolean {
  const subjectOk = rule.subject === 'all' || rule.subject === subject;
  // A "manage" rule covers every action; a "read" rule covers only reading.
  const actionOk = rule.action === 'manage' || rule.action === action;
  return subjectOk && actionOk;
}

function invertedMatches(rule: PermissionRule, action: Action, subject: Subject): boolean {
  // "cannot manage X" forbids managing but still lets a role read X if another rule allows it;
  // "cannot read X" forbids everything on X.
  const subjectOk = rule.subject === 'all' || rule.subject === subject;
  const actionOk = rule.action === action || rule.action === 'read';
  return subjectOk && actionOk;
}

export function can(rules: readonly PermissionRule[], action: Action, subject: Subject): boolean {
  if (rules.some((r) => r.inverted && invertedMatches(r, action, subject))) return false;
  return rules.some((r) => !r.inverted && matches(r, action, subject));
}

export function roleCan(role: Role, action: Action, subject: Subject): boolean {
  return can(PERMISSIONS[role], action, subject);
}

/** The session's `permissions` list: the table's rules for one role, as plain data. */
export function permissionsFor(role: Role): PermissionRule[] {
  return PERMISSIONS[role].map((r) => ({ ...r }));
}
