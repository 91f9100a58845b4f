// The parts of jStat (npm `jstat`, which ships no types) the desk's statistics use.
declare module 'jstat' {
  interface JStat {
    normal: { inv(p: number, mean: number, sd: number): number; cdf(x: number, mean: number, sd: number): number };
    studentt: { inv(p: number, dof: number): number };
    chisquare: { cdf(x: number, dof: number): number };
    hypgeom: { pdf(k: number, populationSize: number, successes: number, draws: number): number };
    /** Sample quantiles with plotting positions (alphap, betap); (1, 1) is R's type 7. */
    quantiles(values: number[], probabilities: number[], alphap?: number, betap?: number): number[];
  }
  const jStat: JStat;
  export default jStat;
}
