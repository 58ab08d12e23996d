/**
 * The shortest sub-sequence of `steps` that still fails, by removing chunks (a simplified
 * delta debugging): halves first, then smaller chunks, down to single steps. `fails` replays a
 * sequence on a fresh page. At most `budget` replays: a shrunk list that is not minimal is still
 * shorter than the original.
 */
export const shrinkSteps = async <TStep>(
  steps: readonly TStep[],
  fails: (candidate: readonly TStep[]) => Promise<boolean>,
  budget = 40,
): Promise<TStep[]> => {
  let current = [...steps];
  let replays = 0;
  for (let chunk = Math.max(1, Math.floor(current.length / 2)); chunk >= 1; chunk = Math.floor(chunk / 2)) {
    for (let start = 0; start < current.length && replays < budget;) {
      const candidate = [...current.slice(0, start), ...current.slice(start + chunk)];
      replays++;
      if (candidate.length > 0 && (await fails(candidate))) current = candidate;
      else start += chunk;
    }
    if (chunk === 1 || replays >= budget) break;
  }
  return current;
};
