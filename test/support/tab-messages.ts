import { onTestFinished } from 'vitest';
import type { AuthClient } from '../../src/index.js';
import { sleep } from './fixtures.js';

/** Posts a `session` message as another tab of the same identity would, with the given session. */
export async function postSession(channelName: string, client: AuthClient, session: unknown): Promise<void> {
  const channel = new BroadcastChannel(channelName);
  channel.postMessage({ kind: 'session', id: client.identity.id, session });
  channel.close();
  await sleep(50); // delivery is asynchronous; nothing marks a message that was ignored
}

/** The messages of one kind posted on a channel from now on, by anyone but this listener (the test's own included). */
export function messagesOfKind(channelName: string, kind: string): unknown[] {
  const seen: unknown[] = [];
  const channel = new BroadcastChannel(channelName);
  channel.onmessage = (event: MessageEvent<unknown>) => {
    if ((event.data as { kind?: unknown } | null)?.kind === kind) seen.push(event.data);
  };
  onTestFinished(() => {
    channel.close();
  });
  return seen;
}
