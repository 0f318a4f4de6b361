/**
 * Who looks at the account's objects: the account, and the departments it may see (null: all). A member always
 * sees what it created itself, and a member without a department only that.
 */
export interface Viewer {
  id: number;
  memberId: number | null;
  depts: number[] | null;
  /** The member's own department, where what it creates lands (null: the owner, or none). */
  deptId?: number | null;
}

/** An account that sees all (its id), or a viewer. */
export type Who = Viewer | number;

/** Who creates an object, as its member_id and dept_id columns record it. */
export const authorOf = (v: Who): { memberId: number | null; deptId: number | null } =>
  typeof v === 'number' ? { memberId: null, deptId: null } : { memberId: v.memberId, deptId: v.deptId ?? null };

/**
 * SQL that limits `alias` (a table with dept_id and, for orders, member_id) to what `v` sees; pushes its
 * parameters onto `params`. Empty for a viewer that sees all.
 */
export function deptFilterSql(v: Viewer | number, alias: string, params: unknown[], withMember = true): string {
  if (typeof v === 'number' || v.depts === null) return '';
  params.push(v.depts);
  const depts = `$${params.length}::int[]`;
  // Contacts record no author: a member without a department shares those without one.
  if (!withMember) return v.depts.length ? ` AND ${alias}.dept_id = ANY(${depts})` : ` AND ${alias}.dept_id IS NULL AND cardinality(${depts}) = 0`;
  params.push(v.memberId);
  return ` AND (${alias}.dept_id = ANY(${depts}) OR ${alias}.member_id = $${params.length}::int)`;
}


export const accountIdOf = (v: Viewer | number) => (typeof v === 'number' ? v : v.id);
