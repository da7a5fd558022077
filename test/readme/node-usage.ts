import { createAuthClient } from 'graphql-jwt-auth-react/core';

const client = createAuthClient({ apiKey: process.env.API_KEY ?? '', region: 'eu' });
const data = await client.request<{ viewer: { name: string } }>('query { viewer { name } }');
console.log(data.viewer.name);
client.dispose(); // stops background renewal
