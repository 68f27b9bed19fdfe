/**
 * The new-data notice (issue 33): "New data: N series updated since you last looked", with the
 * revision diff one click away (a dialog, its script loaded when opened) and a way to mark it seen.
 * Shown on every screen while the active profile's watchlist has news.
 */
import { useState } from 'react';
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { useSession } from '../app/session.tsx';
import { WatchChangesDialog } from '../app/later.tsx';
import { seriesCount, useWatch } from './use-watch.ts';

export function NewDataBanner() {
  const { client } = useSession();
  const { state } = useWatch();
  const [open, setOpen] = useState(false);
  if (!state || state.news === 0) return open ? <WatchChangesDialog onClose={() => setOpen(false)} /> : null;
  return (
    <>
      <MessageBar intent="info" layout="singleline" shape="square" data-testid="new-data-banner">
        <MessageBarBody>
          <MessageBarTitle>New data:</MessageBarTitle>
          {`${seriesCount(state.news)} updated since you last looked.`}
        </MessageBarBody>
        <MessageBarActions>
          <Button size="small" appearance="primary" onClick={() => setOpen(true)}>Show what changed</Button>
          <Button size="small" onClick={() => void client.watch.seen().catch((e: unknown) => console.warn('Could not mark the news as seen:', e))}>Mark as seen</Button>
        </MessageBarActions>
      </MessageBar>
      {open ? <WatchChangesDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}
