/** Recorded on arrival, so held requests are visible; `status` stays 0 until answered. */
export interface RecordedCall {
  readonly region: string;
  time: number;
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
  status: number;
  /** The caller closed the connection (or aborted its fetch) before the answer went out. */
  clientGone: boolean;
}

export interface AuthCall extends RecordedCall {
  token: string | null; // the token issued, if any
}

export interface GraphQLCall extends RecordedCall {
  token: string | null; // bearer token presented
  expired: boolean; // answered the expired body
  operationName: string | null;
}

/**
 * One line of the request log: every call, in arrival order, with nothing secret in it. The token
 * appears only as its tag (`us#2`: the second token the us region issued), the key not at all.
 */
export interface LoggedRequest {
  readonly region: string;
  readonly time: number;
  readonly method: string;
  readonly path: string;
  /** 0 until answered. */
  status: number;
  /** Auth: the token issued; GraphQL: the token presented. `—` for none, `?` for one this service did not issue. */
  tokenTag: string;
  readonly operationName: string | null;
}

/** Tags tokens by region and issue order. */
export class TokenTags {
  readonly #tags = new Map<string, string>();
  readonly #issuedPerRegion = new Map<string, number>();

  issue(region: string, token: string): string {
    const n = (this.#issuedPerRegion.get(region) ?? 0) + 1;
    this.#issuedPerRegion.set(region, n);
    const tag = `${region}#${n}`;
    this.#tags.set(token, tag);
    return tag;
  }

  tagOf(token: string | null): string {
    return token === null ? '—' : (this.#tags.get(token) ?? '?');
  }
}
