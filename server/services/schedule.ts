import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `run` at start and then every `everyMs`, one run at a time; a failure is logged as
 * "`what` failed" and the next run goes on. Answers the function that stops it (after the run
 * in progress). The timer does not keep the process alive.
 */
export const scheduleEvery = (run: () => Promise<unknown>, log: FastifyBaseLogger, what: string, everyMs: number): (() => Promise<void>) => {
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = running.then(run).catch((error: unknown) => log.error({ err: error }, `${what} failed`));
  };
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
};
