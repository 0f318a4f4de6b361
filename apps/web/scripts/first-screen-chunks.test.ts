import { describe, expect, it } from 'vitest';
import { groupByScreens, type Loader } from './first-screen-chunks.ts';

const loader = (name: string, ...modules: string[]): Loader => ({ name, modules: new Set(modules) });

/** The modules of each group, as the build would put them in chunks. */
function chunks(groups: Map<string, { name: string }>): string[][] {
  const byName = new Map<string, string[]>();
  for (const [id, g] of groups) byName.set(g.name, [...(byName.get(g.name) ?? []), id].sort());
  return [...byName.values()].sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** What a loader would download: every group holding one of its modules, whole. */
function downloads(groups: Map<string, { name: string }>, l: Loader): Set<string> {
  const names = new Set([...l.modules].map((id) => groups.get(id)?.name).filter(Boolean));
  return new Set([...groups].filter(([, g]) => names.has(g.name)).map(([id]) => id));
}

describe('first-screen chunks: grouping modules by the screens and areas that load them', () => {
  const signIn = loader('sign-in', 'react', 'form', 'sign-in-page');
  const layout = loader('layout', 'react', 'menu', 'layout');
  const dashboard = loader('dashboard', 'react', 'menu', 'layout', 'card', 'dashboard-page');
  const list = loader('list', 'react', 'menu', 'layout', 'card', 'table', 'select', 'list-page');
  const screens = [signIn, layout, dashboard, list];
  const account = loader('account', 'react', 'menu', 'layout', 'table', 'account-page');
  const signUp = loader('sign-up', 'react', 'form', 'select', 'sign-up-page');

  it('puts modules the same screens load in one group: a screen loads only groups it uses whole', () => {
    const groups = groupByScreens(screens, []);
    expect(chunks(groups)).toEqual([['card'], ['dashboard-page'], ['form', 'sign-in-page'], ['layout', 'menu'], ['list-page', 'select', 'table'], ['react']]);
    for (const s of screens) expect(downloads(groups, s)).toEqual(s.modules);
  });

  it('splits a group by the other areas loading its modules: another page never loads what its area does not use', () => {
    const groups = groupByScreens(screens, [account, signUp]);
    // The list's own modules part: the table goes with the account area, the select with sign-up.
    expect(chunks(groups)).toContainEqual(['table']);
    expect(chunks(groups)).toContainEqual(['select']);
    expect(chunks(groups)).toContainEqual(['list-page']);
    for (const s of screens) expect(downloads(groups, s)).toEqual(s.modules);
    // Modules no first screen loads are not grouped (the default split keeps them).
    expect(downloads(groups, account)).toEqual(new Set(['react', 'menu', 'layout', 'table']));
    expect(downloads(groups, signUp)).toEqual(new Set(['react', 'form', 'select']));
  });

  it('weighs a group by how many loaders share it, so that shared modules are captured before those that import them', () => {
    const groups = groupByScreens(screens, [account, signUp]);
    expect(groups.get('react')!.weight).toBe(6);
    expect(groups.get('list-page')!.weight).toBe(1);
    expect(groups.get('table')!.weight).toBeGreaterThan(groups.get('list-page')!.weight);
    expect(groups.get('list-page')!.name).toBe('first-d');
    expect(groups.get('table')!.name).toMatch(/^first-d-[0-9a-f]{6}$/);
  });
});
