import { useEffect, useRef } from 'react';
import Modal from 'antd/es/modal';
import type { ModalCall } from './use-lazy-modal.tsx';

/** Opens the calls made so far with antd's own hook, and renders the dialogs it opened (see use-lazy-modal.tsx). */
export default function ModalHost({ calls, onTaken }: { calls: readonly ModalCall[]; onTaken: (taken: readonly ModalCall[]) => void }) {
  const [modal, holder] = Modal.useModal();
  // Each call opens once, also when an effect runs twice (StrictMode) before the taken ones have left `calls`.
  const opened = useRef(new WeakSet<ModalCall>());
  useEffect(() => {
    const fresh = calls.filter((c) => !opened.current.has(c));
    if (!fresh.length) return;
    for (const c of fresh) {
      opened.current.add(c);
      void modal[c.kind](c.config);
    }
    onTaken(fresh);
  }, [calls, modal, onTaken]);
  return holder;
}
