import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import type { ModalFuncProps } from 'antd/es/modal/interface';
import type { HookAPI } from 'antd/es/modal/useModal';

/** The kinds of message dialog a page opens by a call (antd's `modal.confirm(...)` and its siblings). */
export type ModalKind = keyof HookAPI;
export type ModalCall = { kind: ModalKind; config: ModalFuncProps };
/** What a page calls to open one; the dialog shows once its code has loaded. */
export type ModalApi = Record<ModalKind, (config: ModalFuncProps) => void>;

// antd's Modal (and its dialog) loads with the first dialog a page opens, not with the page: a list's confirms and
// results are opened by a click, never to paint it.
const ModalHost = lazy(() => import('./modal-host.tsx'));

// Every kind antd's hook has (the record's type checks that none is missing).
const kinds = Object.keys({ confirm: 0, success: 0, warning: 0, error: 0, info: 0 } satisfies Record<ModalKind, 0>) as ModalKind[];

/**
 * `Modal.useModal()` without Modal in the page's code: answers the calls and the holder to render, as antd's does.
 * The holder mounts the dialogs' host at the first call and keeps it (the dialogs it opened live in it).
 */
export function useLazyModal(): [ModalApi, ReactNode] {
  /** Calls the host has not taken yet; null until the first call. */
  const [waiting, setWaiting] = useState<ModalCall[] | null>(null);
  const api = useMemo(
    () => Object.fromEntries(kinds.map((kind) => [kind, (config: ModalFuncProps) => setWaiting((w) => [...(w ?? []), { kind, config }])])) as ModalApi,
    [],
  );
  const taken = useCallback((done: readonly ModalCall[]) => setWaiting((w) => (w ?? []).filter((c) => !done.includes(c))), []);
  const holder = waiting ? (
    <Suspense fallback={null}>
      <ModalHost calls={waiting} onTaken={taken} />
    </Suspense>
  ) : null;
  return [api, holder];
}
