import { SandboxPage } from './sandbox-page.tsx';

/** /payment/test: the sandbox gateway's page for order payments. */
export default function PaymentTestPage() {
  return <SandboxPage page="payment" />;
}
