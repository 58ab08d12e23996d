import { DEFAULT_FOLLOW_MODE, FOLLOW_MODES, isFollowMode, type DemoFollowMode } from './followModes';

export const DEFAULT_COUNT = 10;
export const MAX_COUNT = 100_000;
const MAX_SEED = 2 ** 31 - 1;

export interface QueryOptions {
  /** Seed of the message generator: same seed, same messages. */
  seed: number;
  /** True when the seed came from `?seed=`, false when it was picked at random. */
  seedFromQuery: boolean;
  follow: DemoFollowMode;
  count: number;
  /** Assistant turns (`?turns=1`): prompts start turns, and the conversation opens at its last turn. */
  turns: boolean;
  /** Human-readable notes about query parameters that were ignored or adjusted. */
  notices: string[];
}

function randomSeed(): number {
  return Math.floor(Math.random() * 1_000_000);
}

function parseInteger(raw: string): number | null {
  const trimmed = raw.trim();
  if (!/^[-+]?\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isSafeInteger(value) ? value : null;
}

/**
 * Reads `?seed=N`, `?follow=MODE`, `?count=N` and `?turns=1`. Invalid values never throw and never
 * log: they fall back to the defaults and are reported in `notices`, which the page shows.
 */
export function readQueryOptions(search: string): QueryOptions {
  const params = new URLSearchParams(search);
  const notices: string[] = [];

  let seed = randomSeed();
  let seedFromQuery = false;
  const rawSeed = params.get('seed');
  if (rawSeed !== null) {
    const parsed = parseInteger(rawSeed);
    if (parsed === null || parsed < 0 || parsed > MAX_SEED) {
      notices.push(`Ignored seed "${rawSeed}": use a whole number from 0 to ${MAX_SEED}. Using random seed ${seed}.`);
    } else {
      seed = parsed;
      seedFromQuery = true;
    }
  }

  let follow: DemoFollowMode = DEFAULT_FOLLOW_MODE;
  const rawFollow = params.get('follow');
  if (rawFollow !== null) {
    if (isFollowMode(rawFollow)) {
      follow = rawFollow;
    } else {
      const known = FOLLOW_MODES.map((mode) => mode.value).join(', ');
      notices.push(`Ignored follow "${rawFollow}": use one of ${known}.`);
    }
  }

  let count = DEFAULT_COUNT;
  const rawCount = params.get('count');
  if (rawCount !== null) {
    const parsed = parseInteger(rawCount);
    if (parsed === null) {
      notices.push(`Ignored count "${rawCount}": use a whole number from 0 to ${MAX_COUNT}.`);
    } else {
      count = Math.min(MAX_COUNT, Math.max(0, parsed));
      if (count !== parsed) notices.push(`Count ${parsed} is out of range; using ${count}.`);
    }
  }

  let turns = false;
  const rawTurns = params.get('turns');
  if (rawTurns !== null) {
    if (rawTurns === '1' || rawTurns === '0') {
      turns = rawTurns === '1';
    } else {
      notices.push(`Ignored turns "${rawTurns}": use 1 (assistant turns) or 0.`);
    }
  }

  return { seed, seedFromQuery, follow, count, turns, notices };
}
