export * from './battle';
export * from './aggregate';
export * from './csv';
export { generateBattles } from './generate';
export { playtestFromPlayed } from './from-battle';
export { shortIdLength, shortenIds } from './short-ids';
export { tracedIds, type ReportTrace } from './trace';
