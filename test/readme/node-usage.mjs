// node-usage.mjs: plain JavaScript, runs as it is on Node 20 or later: `node node-usage.mjs`
import { createAuthClient } from 'graphql-jwt-auth-react/core';

const client = createAuthClient({
  apiKey: process.env.API_KEY ?? '',
  region: process.env.REGION ?? 'eu',
  // Against the mock service: REGIONS='{"us":"http://127.0.0.1:4000"}' (`npm run mock-service` prints it).
  ...(process.env.REGIONS ? { regions: JSON.parse(process.env.REGIONS) } : {}),
});
const data = await client.request('query { session_user_account { name } }');
console.log(data.session_user_account.name);
client.dispose(); // stops background renewal
