/** The banner that says plainly when the explorer talks to the embedded sandbox, and how to leave it. */
import { Button, MessageBar, MessageBarActions, MessageBarBody } from '@fluentui/react-components';
import { useSession } from './session.tsx';

export const SANDBOX_TEXT = 'Sandbox: demo data for development. Connect to the real service in Connection.';

/** Shown only while connected to the sandbox main started in-process. */
export function SandboxBanner({ onOpenConnection }: { onOpenConnection(): void }) {
  const { status } = useSession();
  if (status.service.kind !== 'sandbox') return null;
  return (
    <MessageBar intent="warning" layout="singleline" data-testid="sandbox-banner" shape="square">
      <MessageBarBody>
        {SANDBOX_TEXT}
      </MessageBarBody>
      <MessageBarActions>
        <Button size="small" onClick={onOpenConnection}>Open Connection</Button>
      </MessageBarActions>
    </MessageBar>
  );
}
