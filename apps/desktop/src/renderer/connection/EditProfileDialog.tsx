/**
 * Edit a profile: its service address and plan through @econdata/ui's ConnectionForm (the same form
 * that adds one). A key typed here goes with the change (main checks it against the new address,
 * then saves both); left empty, the saved key stays, unless the address moves to another origin:
 * the form then asks for a key, and main would delete the saved one rather than send it there.
 */
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { ConnectionForm } from '@econdata/ui';
import type { ProfileView } from '../../shared/contract.ts';
import { useSession } from '../app/session.tsx';

export interface EditProfileDialogProps {
  profile: ProfileView;
  open: boolean;
  onClose(): void;
  onChanged(): Promise<void>;
}

/** The Edit dialog of one profile. */
export function EditProfileDialog({ profile: p, open, onClose, onChanged }: EditProfileDialogProps) {
  const { client } = useSession();
  const hint = p.key.masked?.replace(/^…/, '');
  return (
    <Dialog open={open} onOpenChange={(_, d) => { if (!d.open) onClose(); }}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{`Edit ${p.name}`}</DialogTitle>
          <DialogContent>
            {open ? (
              <ConnectionForm
                initial={{ baseURL: p.baseURL, plan: p.plan, ...(p.kind === 'gateway' ? { kind: 'gateway' as const } : {}) }}
                {...(hint === undefined ? {} : { savedKey: { hint, ...(p.key.savedAt === undefined ? {} : { savedAt: p.key.savedAt }) } })}
                onSave={async (settings, key) => {
                  await client.profiles.update({ name: p.name, baseURL: settings.baseURL, plan: settings.plan, kind: settings.kind ?? 'service', ...(key === undefined ? {} : { key }) });
                  await onChanged();
                  onClose();
                }}
              />
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Close</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
