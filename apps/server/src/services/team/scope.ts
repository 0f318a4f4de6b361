/**
 * Who looks at the account's objects: the account, and the departments it may see (null: all). A member always
 * sees what it created itself, and a member without a department only that.
 */
export interface Viewer {
  id: number;
  memberId: number | null;
  depts: number[] | null;
}

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
