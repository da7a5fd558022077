// @vitest-environment node
// The Redis token cache's stored form, recomputed independently with node:crypto from the documented
// scheme: names are HMAC-SHA-256 of the identity under HKDF-SHA-256(secret, info "…: name"); with
// encryptionKey a value is `<HMAC tag>.<base64(iv ‖ AES-256-GCM(entry JSON, AAD = its name))>`; without
// it `<SHA-256 of the token>.<entry JSON>`. A passphrase is stretched with PBKDF2-SHA-256, 100 000
// rounds, a fixed public salt. Every write, lease and compare-and-set is checked in redis-server itself
// (redis-cli), in this process, so each step of the cache is measured where it runs.
import { createDecipheriv, createHash, createHmac, hkdfSync, pbkdf2Sync } from 'node:crypto';
import { createClient } from 'redis';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthConfigError } from '../../src/index.js';
import { type CachedToken, redisTokenCache, type RedisTokenCacheOptions, type TokenCache } from '../../src/redis/index.js';
import { testRedis } from './farm.js';
import { type RedisServer, redisCli } from './redis-server.js';

const RAW = Buffer.from('000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f', 'hex');
const PASSPHRASE = 'correct horse battery staple, and then some';
const IDENTITY = 'a'.repeat(64);
const ENTRY: CachedToken = { token: 'header.payload.signature', expiresAt: 1_900_000_000_000, obtainedAt: 1_800_000_000_000, region: 'eu' };
const quiet = { warn: () => undefined };

const clients: Array<{ destroy: () => void }> = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.destroy();
});

async function cacheOn(redis: RedisServer, options: RedisTokenCacheOptions): Promise<TokenCache> {
  const client = createClient({ url: redis.url, disableOfflineQueue: true });
  clients.push(client);
  await client.connect();
  return redisTokenCache(client, { logger: quiet, ...options });
}

// Web Crypto derives an HMAC key of the hash's block size (64 bytes for SHA-256), an AES-256 key of 32.
const derive = (secret: Buffer, purpose: 'name' | 'tag' | 'value') =>
  Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `graphql-jwt-auth-react token cache v2: ${purpose}`, purpose === 'value' ? 32 : 64));
const hmac = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest('hex');
const stretched = (passphrase: string) => pbkdf2Sync(passphrase, 'graphql-jwt-auth-react shared token cache v2', 100_000, 32, 'sha256');
// The tag in braces is a Redis Cluster hash tag: one identity's names share one slot.
const nameOf = (secret: Buffer, kind: 'token' | 'lease' | 'holdoff', prefix = 'graphql-jwt-auth-react:') =>
  `${prefix}${kind}:{${hmac(derive(secret, 'name'), IDENTITY)}}`;
/** The value as redis-cli quotes it, unquoted; '' for none. */
const get = async (redis: RedisServer, name: string) => {
  const shown = (await redisCli(redis.port, '--no-raw', 'GET', name)).trim();
  return shown === '(nil)' ? '' : shown.replace(/^"|"$/g, '');
};
const pttl = async (redis: RedisServer, name: string) => Number((await redisCli(redis.port, 'PTTL', name)).trim());

function opened(secret: Buffer, name: string, stored: string): unknown {
  const [tag, payload] = stored.split('.');
  expect(tag).toBe(hmac(derive(secret, 'tag'), ENTRY.token));
  const bytes = Buffer.from(payload ?? '', 'base64');
  const decipher = createDecipheriv('aes-256-gcm', derive(secret, 'value'), bytes.subarray(0, 12));
  decipher.setAAD(Buffer.from(name));
  decipher.setAuthTag(bytes.subarray(bytes.length - 16));
  return JSON.parse(Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]).toString('utf8'));
}

describe('the stored form of the Redis token cache, recomputed with node:crypto', () => {
  it.each([
    ['hex', RAW.toString('hex')],
    ['hex in capitals', RAW.toString('hex').toUpperCase()],
    ['base64', RAW.toString('base64')],
    ['base64 without its padding', RAW.toString('base64').replace(/=$/, '')],
    ['base64url', RAW.toString('base64url')],
  ])('encryptionKey as %s: the name and the sealed value follow the scheme for those 32 bytes', async (_form, encryptionKey) => {
    const redis = await testRedis();
    const cache = await cacheOn(redis, { encryptionKey });
    await cache.write(IDENTITY, ENTRY, 60_000);
    const name = nameOf(RAW, 'token');
    expect(opened(RAW, name, await get(redis, name))).toEqual(ENTRY);
    expect(await cache.read(IDENTITY)).toEqual(ENTRY);
  });

  it('a key whose base64 has + and / (base64url: - and _) reads as the same 32 bytes either way', async () => {
    const raw = Buffer.from([...Array<number[]>(5).fill([0xfb, 0xef, 0xbe]).flat(), ...Array<number[]>(5).fill([0xff, 0xff, 0xff]).flat(), 0x01, 0x02]);
    expect(raw.toString('base64')).toMatch(/\+.*\//);
    const redis = await testRedis();
    for (const encryptionKey of [raw.toString('base64'), raw.toString('base64url')]) {
      const cache = await cacheOn(redis, { encryptionKey });
      await cache.write(IDENTITY, ENTRY, 60_000);
      const name = nameOf(raw, 'token');
      expect(opened(raw, name, await get(redis, name))).toEqual(ENTRY);
      await redisCli(redis.port, 'DEL', name);
    }
  });

  it('a passphrase of exactly 32 characters is taken', async () => {
    const passphrase = 'thirty-two characters, no fewer!';
    expect(passphrase).toHaveLength(32);
    const redis = await testRedis();
    const cache = await cacheOn(redis, { encryptionKey: passphrase });
    await cache.write(IDENTITY, ENTRY, 60_000);
    const name = nameOf(stretched(passphrase), 'token');
    expect(opened(stretched(passphrase), name, await get(redis, name))).toEqual(ENTRY);
  });

  it('a passphrase of 32 characters or more is stretched with PBKDF2 (100 000 rounds of SHA-256, the public salt)', async () => {
    const redis = await testRedis();
    const cache = await cacheOn(redis, { encryptionKey: PASSPHRASE });
    await cache.write(IDENTITY, ENTRY, 60_000);
    const name = nameOf(stretched(PASSPHRASE), 'token');
    expect(opened(stretched(PASSPHRASE), name, await get(redis, name))).toEqual(ENTRY);
  });

  it('64 characters that are not hex, and 44 that are not base64, are passphrases', async () => {
    const redis = await testRedis();
    for (const passphrase of ['g'.repeat(64), `${'!'.repeat(43)}=`]) {
      const cache = await cacheOn(redis, { keySecret: passphrase });
      await cache.write(IDENTITY, ENTRY, 60_000);
      expect(await get(redis, nameOf(stretched(passphrase), 'token'))).not.toBe('');
    }
  });

  it.each([
    ['one more character after hex', `${RAW.toString('hex')}!`],
    ['one more character before hex', `!${RAW.toString('hex')}`],
    ['hex and the newline of a file', `${RAW.toString('hex')}\n`],
    ['a space before base64', ` ${RAW.toString('base64url')}`],
    ['base64 and the newline of a file', `${RAW.toString('base64url')}\n`],
  ])('a key with anything around it (%s) is a passphrase: the whole of it is stretched', async (_label, passphrase) => {
    const redis = await testRedis();
    const cache = await cacheOn(redis, { keySecret: passphrase });
    await cache.write(IDENTITY, ENTRY, 60_000);
    expect((await redisCli(redis.port, '--scan')).trim()).toBe(nameOf(stretched(passphrase), 'token'));
  });

  it('keySecret keys the names only: the value is the SHA-256 of the token and the entry as JSON', async () => {
    const redis = await testRedis();
    const cache = await cacheOn(redis, { keySecret: RAW.toString('hex'), keyPrefix: 'app:' });
    await cache.write(IDENTITY, ENTRY, 60_000);
    const stored = await get(redis, nameOf(RAW, 'token', 'app:'));
    expect(stored.replace(/\\"/g, '"')).toBe(`${createHash('sha256').update(ENTRY.token).digest('hex')}.${JSON.stringify(ENTRY)}`);
  });

  it('with neither secret the name is the identity itself, and one warning says what that exposes', async () => {
    const redis = await testRedis();
    const warnings: string[] = [];
    const client = createClient({ url: redis.url, disableOfflineQueue: true });
    clients.push(client);
    await client.connect();
    const cache = redisTokenCache(client, { logger: { warn: (message) => warnings.push(message) } });
    await cache.write(IDENTITY, ENTRY, 60_000);
    expect(await get(redis, `graphql-jwt-auth-react:token:{${IDENTITY}}`)).not.toBe('');
    expect(warnings).toEqual([
      'graphql-jwt-auth-react: the shared token cache has neither encryptionKey nor keySecret: its names can be checked against guessed API keys offline, and anyone who can write to it chooses the token',
    ]);
  });

  it.each([
    [
      'encryptionKey',
      { encryptionKey: '' },
      'encryptionKey must be 32 random bytes as hex or base64 (openssl rand -base64 32), or a passphrase of at least 32 characters; got 0 characters',
    ],
    [
      'encryptionKey',
      { encryptionKey: 'x'.repeat(31) },
      'encryptionKey must be 32 random bytes as hex or base64 (openssl rand -base64 32), or a passphrase of at least 32 characters; got 31 characters',
    ],
    [
      'keySecret',
      { keySecret: 42 as unknown as string },
      'keySecret must be 32 random bytes as hex or base64 (openssl rand -base64 32), or a passphrase of at least 32 characters; got number',
    ],
  ])('a short %s is refused at start-up, naming the option', async (_option, options, message) => {
    const redis = await testRedis();
    await expect(cacheOn(redis, options)).rejects.toThrow(new AuthConfigError(message));
  });
});

describe('each step of the cache in redis-server', () => {
  it('write: PX the TTL rounded up to a whole millisecond, at least 1', async () => {
    const redis = await testRedis();
    const cache = await cacheOn(redis, { keySecret: RAW.toString('hex') });
    await cache.write(IDENTITY, ENTRY, 59_999.2);
    const left = await pttl(redis, nameOf(RAW, 'token'));
    expect(left).toBeGreaterThan(50_000);
    expect(left).toBeLessThanOrEqual(60_000);
    await expect(cache.write(IDENTITY, ENTRY, 0.3)).resolves.toBeUndefined(); // PX 0 would be a Redis error
  });

  it('compareAndSet replaces only the entry of the token it names, with the new TTL', async () => {
    const redis = await testRedis();
    const cache = await cacheOn(redis, { encryptionKey: RAW.toString('hex') });
    const next = { ...ENTRY, token: 'header.payload2.signature2' };
    expect(await cache.compareAndSet(IDENTITY, ENTRY.token, next, 60_000)).toBe(false); // nothing stored yet
    await cache.write(IDENTITY, ENTRY, 60_000);
    expect(await cache.compareAndSet(IDENTITY, 'header.other.signature', next, 60_000)).toBe(false);
    expect(await cache.read(IDENTITY)).toEqual(ENTRY);
    expect(await cache.compareAndSet(IDENTITY, ENTRY.token, next, 30_000.5)).toBe(true);
    expect(await cache.read(IDENTITY)).toEqual(next);
    const left = await pttl(redis, nameOf(RAW, 'token'));
    expect(left).toBeGreaterThan(25_000);
    expect(left).toBeLessThanOrEqual(30_001);
  });

  it('a lease: taken once until released by its owner or expired (PX), released only by its owner', async () => {
    const redis = await testRedis();
    const cache = await cacheOn(redis, { keySecret: RAW.toString('hex') });
    const lease = nameOf(RAW, 'lease');
    expect(await cache.takeLease(IDENTITY, 'owner-a', 10_000.4)).toBe(true);
    expect(await get(redis, lease)).toBe('owner-a');
    expect(await pttl(redis, lease)).toBeLessThanOrEqual(10_001);
    expect(await cache.takeLease(IDENTITY, 'owner-b', 10_000)).toBe(false);
    await cache.releaseLease(IDENTITY, 'owner-b');
    expect(await get(redis, lease)).toBe('owner-a');
    await cache.releaseLease(IDENTITY, 'owner-a');
    expect(await get(redis, lease)).toBe('');
    expect(await cache.takeLease(IDENTITY, 'owner-b', 10_000)).toBe(true);
  });

  it("one identity's entry, lease and hold-off share one hash tag (one Redis Cluster slot); an entry under the names before the tag is not read", async () => {
    const redis = await testRedis();
    const cache = await cacheOn(redis, { keySecret: RAW.toString('hex') });
    await cache.write(IDENTITY, ENTRY, 60_000);
    await cache.takeLease(IDENTITY, 'owner-a', 10_000);
    // A hold-off is kept only sealed (an unsealed one could park the farm): written by a cache with
    // encryptionKey from the same secret, which names keys as keySecret does.
    const sealed = await cacheOn(redis, { encryptionKey: RAW.toString('hex') });
    expect(cache.holdOff).toBeUndefined();
    await sealed.holdOff?.(IDENTITY, { until: ENTRY.obtainedAt, failures: 1, status: 503 }, 60_000);
    const names = (await redisCli(redis.port, '--scan')).trim().split('\n').sort();
    expect(names).toEqual([nameOf(RAW, 'holdoff'), nameOf(RAW, 'lease'), nameOf(RAW, 'token')]);
    expect(new Set(names.map((name) => /\{(.+)\}$/.exec(name)?.[1]))).toEqual(new Set([hmac(derive(RAW, 'name'), IDENTITY)]));

    // The same entry (keySecret seals nothing to its name) under the name of the scheme before.
    await redisCli(redis.port, 'RENAME', nameOf(RAW, 'token'), nameOf(RAW, 'token').replace(/\{(.+)\}$/, '$1'));
    expect(await cache.read(IDENTITY)).toBeNull();
  });

  it('a value copied under another name does not open there (sealed to its name)', async () => {
    const redis = await testRedis();
    const cache = await cacheOn(redis, { encryptionKey: RAW.toString('hex') });
    const other = 'b'.repeat(64);
    await cache.write(IDENTITY, ENTRY, 60_000);
    await redisCli(redis.port, 'COPY', nameOf(RAW, 'token'), `graphql-jwt-auth-react:token:{${hmac(derive(RAW, 'name'), other)}}`);
    expect(await cache.read(other)).toBeNull();
    expect(await cache.read(IDENTITY)).toEqual(ENTRY);
  });

  it('a client that is not connected fails each step at once, and an error listener is added only where none is', async () => {
    const idle = createClient({ url: 'redis://127.0.0.1:9', disableOfflineQueue: true });
    const cache = redisTokenCache(idle, { logger: quiet });
    expect(idle.listenerCount('error')).toBe(1);
    await expect(cache.read(IDENTITY)).rejects.toThrow('the Redis client is not connected');
    await expect(cache.write(IDENTITY, ENTRY, 1_000)).rejects.toThrow('the Redis client is not connected');
    await expect(cache.compareAndSet(IDENTITY, ENTRY.token, ENTRY, 1_000)).rejects.toThrow('the Redis client is not connected');
    await expect(cache.takeLease(IDENTITY, 'owner', 1_000)).rejects.toThrow('the Redis client is not connected');
    await expect(cache.releaseLease(IDENTITY, 'owner')).rejects.toThrow('the Redis client is not connected');
    const listened = createClient({ url: 'redis://127.0.0.1:9' });
    listened.on('error', () => undefined);
    redisTokenCache(listened, { logger: quiet });
    expect(listened.listenerCount('error')).toBe(1);
  });
});
