// tenants.mjs: the directory, server-side. Stands in for your own records: the tenant each user
// belongs to (asked on every request, so a user moved out loses the old tenant at once), and where
// each tenant's key is kept (here an environment variable per tenant; in production, your secret store).
const users = new Map([
  ['alice', 'acme'],
  ['bob', 'globex'],
]);
const tenants = new Map([
  ['acme', { keyVariable: 'ACME_API_KEY', region: 'us' }],
  ['globex', { keyVariable: 'GLOBEX_API_KEY', region: 'us' }],
]);

/** The tenant a user belongs to now, or null for an unknown user. */
export const tenantOfUser = (user) => users.get(user) ?? null;

/** The tenant's key and region, or null for a tenant with no key configured. */
export function credentialsOfTenant(tenant) {
  const entry = tenants.get(tenant);
  const apiKey = entry === undefined ? '' : (process.env[entry.keyVariable] ?? '');
  return apiKey === '' ? null : { apiKey, region: entry.region };
}
