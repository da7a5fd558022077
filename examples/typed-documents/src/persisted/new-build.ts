// src/new-build.ts: a page from an older build than the server's list (a tab left open across a
// deploy) asks for operations by ids the server no longer holds. Only a reload fetches the new
// build's ids: ask once, whichever query or mutation met it first.
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { UnknownOperationIdError } from 'graphql-jwt-auth-react';

export function queryClientAskingToReload(askToReload: () => void): QueryClient {
  let asked = false;
  const onError = (error: Error) => {
    if (asked || !(error instanceof UnknownOperationIdError)) return;
    asked = true;
    askToReload();
  };
  return new QueryClient({ queryCache: new QueryCache({ onError }), mutationCache: new MutationCache({ onError }) });
}
