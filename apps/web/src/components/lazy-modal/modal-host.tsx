import { useEffect } from 'react';
import Modal from 'antd/es/modal';
import type { ModalCall } from './use-lazy-modal.tsx';

/** Opens the calls made so far with antd's own hook, and renders the dialogs it opened (see use-lazy-modal.tsx). */
export default function ModalHost({ calls, onTaken }: { calls: readonly ModalCall[]; onTaken: (n: number) => void }) {
  const [modal, holder] = Modal.useModal();
  useEffect(() => {
    if (!calls.length) return;
    for (const c of calls) void modal[c.kind](c.config);
    onTaken(calls.length);
  }, [calls, modal, onTaken]);
  return holder;
}
