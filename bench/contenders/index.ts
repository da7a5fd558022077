import { apollo } from './apollo.js';
import { byHand } from './by-hand.js';
import type { ContenderKind } from './contender.js';
import { ours } from './ours.js';
import { urql } from './urql.js';

export const CONTENDERS: readonly ContenderKind[] = [ours, urql, apollo, byHand];
