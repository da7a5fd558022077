import { createAuthClient } from 'graphql-jwt-auth-react/core';

const client = createAuthClient({ apiKey: process.env.API_KEY ?? '', region: 'eu' });
const data = await client.request<{ session_user_account: { name: string } }>('query { session_user_account { name } }');
console.log(data.session_user_account.name);
client.dispose(); // stops background renewal
