/**
 * Statements batched by arrival: calls that arrive while a batch is at the database wait and
 * go together as ONE statement after it, so the database does its per-statement work (the
 * plan's start, the locks' set-up, a write's commit and its flush to disk) once for the batch
 * instead of once per call; that work, not the rows, is most of a small statement's cost in
 * PostgreSQL (bench/submit.bench.ts). A lone call goes at once, on its own statement.
 *
 * When the batch's statement fails as a whole, each call is run again on its own, so one bad
 * call never fails the others and each caller hears its own answer.
 */

export interface Batcher<Input, Output> {
  run(input: Input): Promise<Output>;
}

export interface BatchStatements<Input, Output> {
  /** One call on its own statement. */
  readonly alone: (input: Input) => Promise<Output>;
  /** Several calls in one statement; the answers in the order of the inputs. */
  readonly together: (inputs: readonly Input[]) => Promise<readonly Output[]>;
}

interface Waiting<Input, Output> {
  readonly input: Input;
  resolve(output: Output): void;
  reject(error: unknown): void;
}

/**
 * One batch at the database at a time: while it is there the next one fills, so under load
 * batches are larger and the per-statement work is paid less often (16 connections on
 * PostgreSQL: 790 to 1,200 accepted submits a second with one, 800 to 890 with two or three).
 */
const IN_FLIGHT_MAX = 1;
/** More than this waiting go in more than one statement. */
const BATCH_MAX = 64;

export const batcher = <Input, Output>(statements: BatchStatements<Input, Output>): Batcher<Input, Output> => {
  const waiting: Waiting<Input, Output>[] = [];
  let inFlight = 0;

  const runAlone = async (each: Waiting<Input, Output>): Promise<void> => {
    try {
      each.resolve(await statements.alone(each.input));
    } catch (error) {
      each.reject(error);
    }
  };

  const runBatch = async (members: Waiting<Input, Output>[]): Promise<void> => {
    if (members.length === 1) return runAlone(members[0]!);
    let outputs: readonly Output[];
    try {
      outputs = await statements.together(members.map((each) => each.input));
    } catch {
      await Promise.all(members.map(runAlone));
      return;
    }
    members.forEach((each, index) => each.resolve(outputs[index]!));
  };

  const flush = (): void => {
    while (inFlight < IN_FLIGHT_MAX && waiting.length > 0) {
      const members = waiting.splice(0, BATCH_MAX);
      inFlight += 1;
      void runBatch(members).finally(() => {
        inFlight -= 1;
        flush();
      });
    }
  };

  return {
    run: (input) =>
      new Promise<Output>((resolve, reject) => {
        waiting.push({ input, resolve, reject });
        // After this turn of the event loop: the calls whose checks end in it go together.
        if (waiting.length === 1) setImmediate(flush);
      }),
  };
};
