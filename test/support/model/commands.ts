import fc from 'fast-check';
import { PauseOpDocument, PentestsDocument, runningOpId } from '../documents.js';
import { authCalls, violations } from './invariants.js';
import { MODEL_KEYS, type StorageFault, type World } from './world.js';

const HOUR_MS = 60 * 60_000;

/**
 * What the model tracks: how many `/v1/auth` calls the commands so far can justify. Each identity
 * start, refresh, failure and expiry may cost one per tab; anything beyond that is a loop.
 */
export interface Model {
  authBudget: number;
}

type Command = fc.AsyncCommand<Model, World>;

/** Tabs whose last sign-out no refresh has followed yet. */
function signedOutTabs(world: World): number[] {
  const signedOut = new Set<number>();
  for (const event of world.events) {
    if (event.kind === 'signOut') signedOut.add(event.tab);
    else if (event.kind === 'refresh') signedOut.delete(event.tab);
  }
  return [...signedOut];
}

/** Runs after every command: the invariants hold at each step, not only at the end. */
function checkStep(world: World, model: Model): void {
  const found = violations(world.events);
  for (const id of signedOutTabs(world)) {
    const { token } = world.tabs[id]!.client.store.getState();
    if (token !== null) found.push(`tab ${id} holds a token while signed out`);
  }
  if (found.length > 0) throw new Error(`invariant broken:\n${found.join('\n')}`);
  const calls = authCalls(world.events);
  if (calls > model.authBudget) throw new Error(`${calls} /v1/auth calls, more than the ${model.authBudget} justified`);
}

const liveTabs = (world: World) => world.slots.filter((tab) => !tab.disposed).length;

abstract class Step implements Command {
  check(): boolean {
    return true;
  }
  async run(model: Model, world: World): Promise<void> {
    await this.act(model, world);
    checkStep(world, model);
  }
  abstract act(model: Model, world: World): void | Promise<void>;
  abstract toString(): string;
}

class Request extends Step {
  constructor(
    readonly slot: number,
    readonly mutation: boolean,
  ) {
    super();
  }
  act(_: Model, world: World) {
    const tab = world.slots[this.slot]!;
    world.start(String(this), tab, (client) =>
      this.mutation ? client.request(PauseOpDocument, { op_id: runningOpId() }) : client.request(PentestsDocument, { page_size: 1 }),
    );
  }
  toString() {
    return `${this.mutation ? 'mutation' : 'request'}(${this.slot})`;
  }
}

class Deliver extends Step {
  constructor(readonly count: number) {
    super();
  }
  act(_: Model, world: World) {
    return world.deliver(this.count);
  }
  toString() {
    return `deliver(${this.count})`;
  }
}

class SignOut extends Step {
  constructor(readonly slot: number) {
    super();
  }
  act(_: Model, world: World) {
    const tab = world.slots[this.slot]!;
    world.log({ kind: 'signOut', tab: tab.id });
    world.as(tab, (client) => {
      client.signOut();
    });
  }
  toString() {
    return `signOut(${this.slot})`;
  }
}

class Refresh extends Step {
  constructor(readonly slot: number) {
    super();
  }
  act(model: Model, world: World) {
    const tab = world.slots[this.slot]!;
    model.authBudget += 1;
    world.log({ kind: 'refresh', tab: tab.id });
    world.start(String(this), tab, (client) => client.refresh());
  }
  toString() {
    return `refresh(${this.slot})`;
  }
}

class ExpireOnServer extends Step {
  act(model: Model, world: World) {
    model.authBudget += liveTabs(world);
    world.service.expireTokensNow();
  }
  toString() {
    return 'expireOnServer';
  }
}

class TimePasses extends Step {
  constructor(readonly ms: number) {
    super();
  }
  act(model: Model, world: World) {
    model.authBudget += liveTabs(world);
    world.offsetMs += this.ms;
  }
  toString() {
    return `timePasses(${this.ms / 60_000} min)`;
  }
}

class AuthFails extends Step {
  constructor(readonly failure: 502 | 503 | 429) {
    super();
  }
  act(model: Model, world: World) {
    model.authBudget += 1;
    world.service.queueAuthFailures(this.failure === 429 ? { status: 429, headers: { 'retry-after': '0' } } : this.failure);
  }
  toString() {
    return `authFails(${this.failure})`;
  }
}

class GraphqlFails extends Step {
  constructor(readonly failure: 503 | 'reset') {
    super();
  }
  act(model: Model, world: World) {
    model.authBudget += liveTabs(world); // a dropped answer to an old token may be taken for a hidden expiry
    world.service.queueGraphqlFailures(this.failure);
  }
  toString() {
    return `graphqlFails(${this.failure})`;
  }
}

/** A remount (same key) or a new identity (the other key): the slot's client is disposed and replaced. */
class ChangeIdentity extends Step {
  constructor(
    readonly slot: number,
    readonly otherKey: boolean,
  ) {
    super();
  }
  act(model: Model, world: World) {
    const old = world.slots[this.slot]!;
    model.authBudget += 1;
    const apiKey = this.otherKey ? MODEL_KEYS.find((key) => key !== old.apiKey)! : old.apiKey;
    world.slots[this.slot] = world.openTab(apiKey);
    world.dispose(old);
  }
  toString() {
    return `${this.otherKey ? 'identityChange' : 'remount'}(${this.slot})`;
  }
}

class Storage extends Step {
  constructor(readonly fault: StorageFault) {
    super();
  }
  act(_: Model, world: World) {
    world.storageFault = this.fault;
  }
  toString() {
    return `storage(${this.fault})`;
  }
}

type TabMessageKind = 'ask' | 'sign-out' | 'refused-token' | 'garbled-token';

/** What another tab of the app (one the harness plays) posts on the channel. */
class TabMessage extends Step {
  constructor(
    readonly message: TabMessageKind,
    readonly slot: number,
  ) {
    super();
  }
  async act(model: Model, world: World) {
    const tab = world.slots[this.slot]!;
    const id = tab.client.identity.id;
    // As late an expiry as the token's own hour allows: newer than anything the tabs hold.
    const session = (token: string) => ({ token, expiresAt: world.now() + HOUR_MS - 1_001, receivedAt: world.now(), region: 'model' });
    const refused = world.events.findLast((event) => event.kind === 'refused')?.token;
    let message: unknown;
    if (this.message === 'ask') message = { kind: 'ask', id };
    else if (this.message === 'sign-out') message = { kind: 'sign-out', id };
    else if (this.message === 'garbled-token') message = { kind: 'session', id, session: session('tok€n') };
    else if (refused !== undefined) message = { kind: 'session', id, session: session(refused) };
    else return;
    model.authBudget += liveTabs(world);
    await world.post(message, (receivers) => {
      if (this.message !== 'sign-out') return;
      // Every started tab of that identity is signed out from delivery on.
      for (const other of receivers(id)) world.log({ kind: 'signOut', tab: other.id });
    });
  }
  toString() {
    return `tabMessage(${this.message}, ${this.slot})`;
  }
}

class Wake extends Step {
  act(model: Model, world: World) {
    model.authBudget += liveTabs(world);
    window.dispatchEvent(new Event('online'));
  }
  toString() {
    return 'wake';
  }
}

const slotArb = (slots: number) => fc.integer({ min: 0, max: slots - 1 });

/** Each command kind with its weight: requests and deliveries make most of a run, so its operations interleave. */
export function commandArbs(slots: number): Array<fc.Arbitrary<Command>> {
  const slot = slotArb(slots);
  const weighted: Array<[number, fc.Arbitrary<Command>]> = [
    [4, fc.tuple(slot, fc.boolean()).map(([s, mutation]) => new Request(s, mutation))],
    [4, fc.integer({ min: 1, max: 4 }).map((count) => new Deliver(count))],
    [1, slot.map((s) => new SignOut(s))],
    [1, slot.map((s) => new Refresh(s))],
    [1, fc.constant(new ExpireOnServer())],
    [1, fc.constantFrom(30 * 60_000, 59.5 * 60_000, 61 * 60_000).map((ms) => new TimePasses(ms))],
    [1, fc.constantFrom(502 as const, 503 as const, 429 as const).map((failure) => new AuthFails(failure))],
    [1, fc.constantFrom(503 as const, 'reset' as const).map((failure) => new GraphqlFails(failure))],
    [1, fc.tuple(slot, fc.boolean()).map(([s, otherKey]) => new ChangeIdentity(s, otherKey))],
    [1, fc.constantFrom<StorageFault>('none', 'read-fails', 'write-throws', 'write-rejects').map((fault) => new Storage(fault))],
    [2, fc.tuple(fc.constantFrom<TabMessageKind>('ask', 'sign-out', 'refused-token', 'garbled-token'), slot).map(([message, s]) => new TabMessage(message, s))],
    [1, fc.constant(new Wake())],
  ];
  return weighted.flatMap(([weight, arbitrary]) => Array.from({ length: weight }, () => arbitrary));
}

/** The budget a run starts with: one identity start per tab. */
export const initialModel = (slots: number): Model => ({ authBudget: slots });
