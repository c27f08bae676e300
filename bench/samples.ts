import { performance } from 'node:perf_hooks';

/** Order statistics of a bench's timed samples (milliseconds). */
const sorted = (values: readonly number[]) => [...values].sort((a, b) => a - b);
export const median = (values: readonly number[]): number => sorted(values)[Math.floor(values.length / 2)]!;
/** Nearest-rank 95th percentile. */
export const p95 = (values: readonly number[]): number => sorted(values)[Math.min(values.length - 1, Math.ceil(values.length * 0.95) - 1)]!;

/** Runs `run` `rounds` times one after another and gives each round's milliseconds. */
export const timeRounds = async (run: () => Promise<unknown>, rounds: number): Promise<number[]> => {
  const samples: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  return samples;
};

/**
 * Two runs timed in turn, round after round (`first` then `second`): a machine that grows busier
 * or quieter during the bench moves both alike, so their ratio does not drift with it.
 */
export const timePaired = async (first: () => Promise<unknown>, second: () => Promise<unknown>, rounds: number): Promise<[number[], number[]]> => {
  const firsts: number[] = [];
  const seconds: number[] = [];
  for (let round = 0; round < rounds; round++) {
    firsts.push(...(await timeRounds(first, 1)));
    seconds.push(...(await timeRounds(second, 1)));
  }
  return [firsts, seconds];
};
