/**
 * Toasts and notices, loaded on first use: antd's message and notification (with their dialog and
 * motion code) stay out of the first page. Theme and locale reach them through
 * `ConfigProvider.config({ holderRender })`, set by the app's providers.
 */
type Kind = 'success' | 'error' | 'warning' | 'info';

const loadMessage = () => import('antd/es/message').then((m) => m.default);
const loadNotification = () => import('antd/es/notification').then((m) => m.default);

export const toast = {
  show(kind: Kind, text: string) {
    void loadMessage().then((message) => message[kind](text));
  },
  success: (text: string) => toast.show('success', text),
  error: (text: string) => toast.show('error', text),
  warning: (text: string) => toast.show('warning', text),
  /** A titled notice that stays a few seconds, e.g. "sign-up notice"; `sticky`: until the user closes it. */
  notice(kind: Kind, title: string, description: string, opts: { sticky?: boolean } = {}) {
    void loadNotification().then((notification) => notification[kind]({ title, description, ...(opts.sticky ? { duration: false as const } : {}) }));
  },
};
