import { pipeline } from 'node:stream/promises';

type Stage = NodeJS.ReadableStream | NodeJS.WritableStream | NodeJS.ReadWriteStream | ((source: AsyncIterable<Buffer>) => unknown);

/**
 * `stream.promises.pipeline` over a list of stages whose length is known only at run time (a
 * source, some checks, a writer): its typed overloads take fixed arities. Every stage's errors
 * end the whole pipeline and every stream in it is destroyed.
 */
export const pipelineOf = pipeline as unknown as (source: NodeJS.ReadableStream, ...stages: Stage[]) => Promise<void>;
