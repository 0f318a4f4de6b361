/**
 * Toasts from code that lives outside React (the HTTP client). The app plugs antd's context-aware
 * `message` in at start; until then messages go to the console.
 */
export interface NotifySink {
  error(text: string): void;
}

let sink: NotifySink = { error: (text) => console.error(text) };

export function setNotifySink(s: NotifySink) {
  sink = s;
}

export const notify: NotifySink = {
  error: (text) => sink.error(text),
};
