/**
 * A kept print worker holds pdfmake, the fonts, Vega and the ruleset: about 120 MB each (the batch and the report
 * worker together took the backend from 186 to 454 MB). Kept while the organiser prints, so the next batch or report
 * does not wait a second for them; stopped after this long without work, so a session that printed once gives the
 * memory back. `AOA_WORKER_IDLE_MS` sets another time (tests).
 */
const WORKER_IDLE_MS = 5 * 60_000;

/** Calls `stop` once `idle()` has not been followed by `busy()` for the idle time; the timer never holds the process open. */
export function idleStop(stop: () => void): { idle: () => void; busy: () => void } {
  let timer: NodeJS.Timeout | undefined;
  const busy = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  return {
    busy,
    idle: () => {
      busy();
      timer = setTimeout(stop, Number(process.env.AOA_WORKER_IDLE_MS ?? WORKER_IDLE_MS));
      timer.unref();
    },
  };
}
