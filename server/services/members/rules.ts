import type { Role } from '../../../domain/contracts/auth';
import { MemberMessages } from '../../../domain/contracts/members';
import { OrganizationMessages } from '../../../domain/contracts/organization';

/** The caller of a member operation. */
export interface Actor {
  readonly id: string;
  readonly role: Role;
  /** As a group assignee: the groups they run and the sub-groups of those groups (empty otherwise). */
  readonly managed: ReadonlySet<string>;
}

/** What the rules need to know about the member an operation is about. */
export interface Target {
  readonly id: string;
  readonly role: Role;
  readonly departmentId: string | null;
  /** Is the assignee of a tier 2 group. */
  readonly runsGroup: boolean;
  /** Is the assignee of a tier 3 sub-group. */
  readonly runsSubGroup: boolean;
}

export interface Refusal {
  /** forbidden: the caller lacks the right; invalid: the rule protects the member whoever asks. */
  readonly kind: 'forbidden' | 'invalid';
  readonly message: string;
}

const onlyAdministrator: Refusal = { kind: 'forbidden', message: OrganizationMessages.onlyAdministrator };
const outsideYourGroup: Refusal = { kind: 'forbidden', message: MemberMessages.outsideYourGroup };

const isOrganizationManager = (actor: Actor): boolean => actor.role === 'admin' || actor.role === 'second_admin';

/** Administrators and group assignees manage members; everyone else is refused before any lookup. */
export const canManageMembers = (actor: Actor): boolean => isOrganizationManager(actor) || actor.managed.size > 0;

const isAssignee = (target: Target): boolean =>
  target.runsGroup || target.runsSubGroup || target.role === 'group_assignee' || target.role === 'subgroup_assignee';

/** Staff: any administrator, or a group assignee whose group holds them. */
const staffRefusal = (actor: Actor, target: Target): Refusal | undefined => {
  if (isOrganizationManager(actor)) return undefined;
  if (actor.managed.size === 0) return onlyAdministrator;
  return target.departmentId !== null && actor.managed.has(target.departmentId) ? undefined : outsideYourGroup;
};

/** Why the actor may not remove the target (SPEC section 6), or undefined when they may. */
export const removalRefusal = (actor: Actor, target: Target): Refusal | undefined => {
  if (target.id === actor.id) return { kind: 'invalid', message: MemberMessages.cannotRemoveYourself };
  if (target.role === 'admin' || isAssignee(target)) return { kind: 'invalid', message: MemberMessages.cannotRemoveAdministratorOrAssignees };
  if (target.role === 'second_admin' || target.role === 'sub_admin') return actor.role === 'admin' ? undefined : onlyAdministrator;
  return staffRefusal(actor, target);
};

/**
 * Why the actor may not move the target, or undefined when they may. Without a destination
 * (the flags of the members list) a group assignee may move the members of their group, to a
 * department of their group that they pick later.
 */
export const moveRefusal = (actor: Actor, target: Target, destinationId?: string): Refusal | undefined => {
  if (target.role === 'admin') return { kind: 'invalid', message: MemberMessages.administratorCannotBeMoved };
  if (target.runsGroup || target.role === 'group_assignee') return { kind: 'invalid', message: MemberMessages.groupAssigneeCannotBeMoved };
  if (target.runsSubGroup || target.role === 'subgroup_assignee' || target.role === 'second_admin' || target.role === 'sub_admin') {
    return actor.role === 'admin' ? undefined : onlyAdministrator;
  }
  const refusal = staffRefusal(actor, target);
  if (refusal !== undefined || destinationId === undefined || isOrganizationManager(actor)) return refusal;
  return actor.managed.has(destinationId) ? undefined : outsideYourGroup;
};
