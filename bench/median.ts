// The median of some measurements (the upper one of an even count): what the benchmarks and
// `npm run durations` report of several rounds.
export const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
