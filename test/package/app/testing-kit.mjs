// Run by test/package on the system Node with the tarball installed: the testing entry without msw,
// and with it when MSW=1. Prints one JSON line the test reads.
import { createMockService } from 'graphql-jwt-auth-react/testing';

const mock = createMockService({
  typeDefs: 'type Query { hello: String! }',
  resolvers: { Query: { hello: () => 'world' } },
  apiKeys: ['k'],
});

async function ask(base) {
  const auth = await fetch(`${base}/v1/auth`, { method: 'POST', body: JSON.stringify({ key: 'k' }) });
  const { token } = await auth.json();
  const answer = await fetch(`${base}/v1/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: '{ hello }' }),
  });
  return answer.json();
}

if (process.env.MSW === '1') {
  const { setupServer } = await import('msw/node');
  const server = setupServer(...(await mock.mswHandlers()));
  server.listen();
  console.log(JSON.stringify({ msw: await ask(mock.regions.us) }));
  server.close();
} else {
  const { baseUrl, close } = await mock.listen();
  console.log(JSON.stringify({ listen: await ask(baseUrl) }));
  await close();
}
