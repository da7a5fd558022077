// What a tab of an older build meets after a deploy, as the trusted-documents recipes watch it: the
// proxy's answers in order, and each prompt to reload with how many answers had come when it showed.
import type { Page } from 'playwright-core';
import type { Running } from '../package/processes.ts';

export interface ReloadPrompts {
  /** Each answer of `/api/graphql`: its status and the body the page sent. */
  answers: Array<{ status: number; body: unknown }>;
  /** Each dialog (dismissed): its message, and `answers.length` when it showed. */
  dialogs: Array<{ message: string; answered: number }>;
}

export function watchReloadPrompts(page: Page): ReloadPrompts {
  const watched: ReloadPrompts = { answers: [], dialogs: [] };
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/graphql')
      watched.answers.push({ status: response.status(), body: JSON.parse(response.request().postData() ?? 'null') });
  });
  page.on('dialog', (dialog) => {
    watched.dialogs.push({ message: dialog.message(), answered: watched.answers.length });
    void dialog.dismiss();
  });
  return watched;
}

/** Stops a server the way a deploy does, with its process group, and waits until it is gone. */
export async function stopServer(server: Running): Promise<void> {
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  process.kill(-(server.child.pid ?? 0), 'SIGKILL');
  await exited;
}
