export * from './battle';
export * from './aggregate';
export * from './csv';
export { generateBattles, type GenerateOptions } from './generate';
export { playtestFromPlayed, type PlayedBattle } from './from-battle';
export { shortIdLength, shortenIds } from './short-ids';
export { reportTraceSchema, tracedIds, TRACE_PAGE, type ReportTrace, type TraceKind } from './trace';
