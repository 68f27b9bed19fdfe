/** The desktop notification of new data: only for a check that found new values, saying how many series have news. */
import { describe, expect, it } from 'vitest';
import type { WatchState } from '../shared/contract.ts';
import { newDataNotice } from './notify.ts';

const state = (news: number): WatchState => ({ profile: 'Work', entries: [], news, lastCheck: null });

describe('newDataNotice', () => {
  it('a check that found new values: one notification with the series count', () => {
    expect(newDataNotice({ type: 'watch', state: state(3), found: 1 })).toEqual({ title: 'New data', body: '3 watched series updated since you last looked. Open the explorer to see what changed.' });
  });
  it('nothing found, another event: none', () => {
    expect(newDataNotice({ type: 'watch', state: state(3), found: 0 })).toBeNull();
    expect(newDataNotice({ type: 'bridge_lost', message: 'gone' })).toBeNull();
  });
});
