import { performance } from 'node:perf_hooks';
import AjvCompiler from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';

/**
 * Fastify's own schema compilers (Ajv for requests, fast-json-stringify for answers), compiling
 * each route's schema on its first use instead of during start-up. Compiling all of the API's
 * few hundred schemas took over a second of every start (and of every server test file, which
 * calls a handful of routes). The panel compiles the rest in the background once it listens
 * (`compileInBackground`) while it has nothing else to do, so customers never wait for it.
 *
 * Behaviour is unchanged: the same compilers with the same options, so the same coercion,
 * defaults and error messages. `compileAll` lets a test prove that every schema compiles.
 */

type Compile<T> = () => T;

// The background compilation compiles only once the event loop has been busy for at most
// BUSY_SHARE of QUIET_MS, then for up to COMPILE_BUDGET_MS at a time, STEP_GAP_MS apart, for as
// long as the loop stays that idle in between; any other work sends it back to waiting for quiet.
// Compiling a schema takes a few milliseconds, and the API's few hundred took seconds of the first
// half-minute after a start: run at every turn of the loop, they slowed whatever work the panel
// does in turns (listing a folder of 10,000 entries took twice as long while they ran), and the
// quiet needed is longer than the pauses of a client sending request after request.
const QUIET_MS = 50;
const STEP_GAP_MS = 2;
const BUSY_SHARE = 0.2;
const COMPILE_BUDGET_MS = 8;

interface Validator {
  (data: unknown, context?: unknown): unknown;
  errors?: unknown;
  schemaEnv?: unknown;
}

type ValidatorFactory = ReturnType<typeof AjvCompiler>;
type SerializerFactory = ReturnType<typeof SerializerSelector>;

export class LazySchemaCompilers {
  /** Compilations not done yet; each removes itself when it runs. */
  private readonly pending = new Set<Compile<unknown>>();
  /** One selector each, as Fastify keeps them: they pool compilers by shared schemas and options. */
  private readonly buildValidator = AjvCompiler();
  private readonly buildSerializer = SerializerSelector();

  /** Defers `compile` until the first call (or compileAll), then keeps its result. */
  private once<T>(compile: Compile<T>): Compile<T> {
    let compiled: T | undefined;
    const get = () => {
      if (compiled === undefined) {
        compiled = compile();
        this.pending.delete(get);
      }
      return compiled;
    };
    this.pending.add(get);
    return get;
  }

  // Each plugin context asks for its compilers at start-up; picking one out of the pool costs a
  // serialisation of every shared schema (Ajv's pool key), so that too waits for the first compile.
  readonly validatorFactory: ValidatorFactory = ((externalSchemas, options) => {
    let compiler: ReturnType<ValidatorFactory> | undefined;
    const compilerOnce = () => (compiler ??= this.buildValidator(externalSchemas, options));
    return (route: Parameters<ReturnType<ValidatorFactory>>[0]) => {
      const get = this.once(() => compilerOnce()(route) as Validator);
      // Fastify passes the parent data only to validators that have `schemaEnv` (Ajv's); Ajv
      // needs it to coerce or default a root value, so the wrapper always asks for it.
      const validate: Validator = (data, context) => get()(data, context);
      validate.schemaEnv = true;
      // Ajv reports the last call's errors on the function itself.
      Object.defineProperty(validate, 'errors', { get: () => get().errors });
      return validate;
    };
  }) as ValidatorFactory;

  readonly serializerFactory: SerializerFactory = (externalSchemas, options) => {
    let compiler: ReturnType<SerializerFactory> | undefined;
    const compilerOnce = () => (compiler ??= this.buildSerializer(externalSchemas, options));
    return (route) => {
      const get = this.once(() => compilerOnce()(route));
      return (doc: unknown) => get()(doc);
    };
  };

  /** Schemas not compiled yet. */
  get waiting(): number {
    return this.pending.size;
  }

  /** Compiles every schema not compiled yet, at once; throws on the first that cannot compile. */
  compileAll(): number {
    const count = this.pending.size;
    for (const compile of [...this.pending]) compile();
    return count;
  }

  /**
   * Compiles the rest while the panel is idle (see QUIET_MS), so that neither a route's first
   * call nor work in progress is slowed: a request that needs a schema not compiled yet compiles it.
   */
  compileInBackground(onError: (error: unknown) => void): void {
    let since = performance.eventLoopUtilization();
    const step = () => {
      if (this.pending.size === 0) return;
      // Checked after QUIET_MS of waiting, or after the short gap since the last slice compiled.
      const idle = performance.eventLoopUtilization(since).utilization <= BUSY_SHARE;
      if (idle) {
        const until = performance.now() + COMPILE_BUDGET_MS;
        for (const compile of this.pending) {
          try {
            compile();
          } catch (error) {
            this.pending.delete(compile);
            onError(error);
          }
          if (performance.now() >= until) break;
        }
      }
      // What the loop does from here on, not the compiling just done, tells whether it is idle.
      since = performance.eventLoopUtilization();
      setTimeout(step, idle ? STEP_GAP_MS : QUIET_MS).unref();
    };
    setTimeout(step, QUIET_MS).unref();
  }
}
