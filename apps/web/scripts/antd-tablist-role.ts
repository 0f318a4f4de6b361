/**
 * Build step: antd's tab bar names as its `tablist` the element that holds the tabs only. rc-tabs puts the role on
 * the whole bar, which also holds the overflow "more" button (shown when the tabs do not fit, as the orders list's
 * status tabs on a narrow window) and any extra content: a tablist owning a button is a critical axe violation
 * (aria-required-children), and a screen reader announces the button as part of the tab set. The role and its
 * orientation move to the tabs' own list, as rc-tabs' own proposed fix does (react-component/tabs#1013); layout,
 * measuring and keyboard handling are unchanged.
 */
import type { Plugin } from 'vite';

/** rc-tabs' tab bar (@rc-component/tabs/es/TabNavList/index.js). */
export const tabNavListModule = /[\\/]node_modules[\\/]@rc-component[\\/]tabs[\\/]es[\\/]TabNavList[\\/]index\.js$/;

const barRole = `    role: "tablist",\n    "aria-orientation": tabPositionTopOrBottom ? 'horizontal' : 'vertical',\n`;
const tabList = '    ref: tabListRef,\n    className: `${prefixCls}-nav-list`,\n';

/** The module with the tablist role on the tabs' list instead of the bar. */
export function withTablistOnTabs(code: string): string {
  if (code.split(barRole).length !== 2 || code.split(tabList).length !== 2) {
    throw new Error('rc-tabs TabNavList no longer has the markup apps/web/scripts/antd-tablist-role.ts moves the tablist role in: check it against the installed version');
  }
  return code.replace(barRole, '').replace(tabList, tabList + barRole);
}

export function antdTablistRole(): Plugin {
  return {
    name: 'cc-antd-tablist-role',
    apply: 'build',
    transform: {
      filter: { id: tabNavListModule },
      handler(code, id) {
        return tabNavListModule.test(id) ? { code: withTablistOnTabs(code), map: null } : null;
      },
    },
  };
}
