import { SandboxPage } from './sandbox-page.tsx';

/** /deposit/test: the sandbox gateway's page for top-ups. */
export default function DepositTestPage() {
  return <SandboxPage page="deposit" />;
}
