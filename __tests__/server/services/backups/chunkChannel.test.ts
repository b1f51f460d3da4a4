import { ChunkChannel } from '../../../../server/src/services/backups/chunkChannel';

/** Whether `promise` has settled by the time the queued callbacks have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('the chunk channel of a restored file', () => {
  it('lends each chunk: the push resolves only once the consumer asks for the next one', async () => {
    const channel = new ChunkChannel();
    const consumer = channel[Symbol.asyncIterator]();
    const reused = Buffer.from('first');
    const pushed = channel.push(reused);
    const taken = await consumer.next();
    expect(taken.value).toBe(reused);
    // The consumer has the chunk and may still be writing it: the producer must not reuse it yet.
    expect(await settled(pushed)).toBe(false);
    const next = consumer.next();
    await pushed;
    channel.end();
    expect(await next).toEqual({ done: true, value: undefined });
  });

  it('rejects a push waiting on a consumer that stopped, with its reason', async () => {
    const channel = new ChunkChannel();
    const consumer = channel[Symbol.asyncIterator]();
    const first = channel.push(Buffer.from('one'));
    await consumer.next();
    await consumer.throw(new Error('disk full')).catch(() => undefined);
    // The consumer is done with the chunk it had; the next one finds it gone.
    await first;
    await expect(channel.push(Buffer.from('two'))).rejects.toThrow('stopped taking data');
  });
});
