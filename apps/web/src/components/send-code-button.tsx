import { useState } from 'react';
import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '../hooks/use-countdown.ts';

interface Props {
  /** Sends the code; resolves with the seconds to wait before the next one, or rejects (the caller reports why). */
  send: () => Promise<number | void>;
  disabled?: boolean;
  block?: boolean;
}

/** "Send code" with the 60 s resend countdown (doc 02 §4). */
export function SendCodeButton({ send, disabled, block }: Props) {
  const { t } = useTranslation();
  const { left, running, start } = useCountdown();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      const wait = await send();
      start(typeof wait === 'number' && wait > 0 ? wait : undefined);
    } catch {
      // reported by the caller
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button onClick={() => void onClick()} loading={busy} disabled={disabled || running} block={block} data-testid="send-code">
      {running ? t('common.resendIn', { seconds: left }) : t('common.sendCode')}
    </Button>
  );
}
