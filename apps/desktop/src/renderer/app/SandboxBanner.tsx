/** The banner that says plainly when the explorer talks to the embedded sandbox, and how to leave it. */
import { Button, MessageBar, MessageBarActions, MessageBarBody } from '@fluentui/react-components';
import { useSession } from './session.tsx';

/** What the banner says: the embedded sandbox serves the real public data beside the checkout, or the generated demo pack. */
function sandboxText(data: 'real' | 'demo'): string {
  return data === 'demo'
    ? 'Sandbox: generated demo data (invented numbers) for trying the explorer. Connect to the real service in Connection.'
    : 'Sandbox: a local copy of the service on real public data, for development. Connect to the real service in Connection.';
}

/** Shown only while connected to the sandbox main started in-process. */
export function SandboxBanner({ onOpenConnection }: { onOpenConnection(): void }) {
  const { status } = useSession();
  if (status.service.kind !== 'sandbox') return null;
  return (
    <MessageBar intent="warning" layout="singleline" data-testid="sandbox-banner" shape="square">
      <MessageBarBody>
        {sandboxText(status.data)}
      </MessageBarBody>
      <MessageBarActions>
        <Button size="small" onClick={onOpenConnection}>Open Connection</Button>
      </MessageBarActions>
    </MessageBar>
  );
}
