import { PassThrough } from 'node:stream';
import type Docker from 'dockerode';
import { RingBuffer } from '../../../../server/src/runtime/RingBuffer';
import { ContainerConsole } from '../../../../server/src/runtime/docker/ContainerConsole';

/** One frame of the engine's multiplexed stdout log, lines prefixed with their timestamps. */
const frame = (lines: [string, string][]) => {
  const payload = Buffer.from(lines.map(([at, text]) => `${at} ${text}\n`).join(''));
  const header = Buffer.alloc(8);
  header[0] = 1;
  header.writeUInt32BE(payload.length, 4);
  return Buffer.concat([header, payload]);
};

/**
 * A container whose `logs` answers what the engine would: the history (follow false), then a
 * followed stream the test writes frames into. Only the engine's log is stood in for.
 */
function fakeContainer(history: Buffer) {
  const followed: PassThrough[] = [];
  const since: number[] = [];
  const container = {
    logs: async (options: { follow: boolean; since?: number }) => {
      if (!options.follow) return history;
      since.push(options.since ?? 0);
      const stream = new PassThrough();
      followed.push(stream);
      return stream;
    },
  } as unknown as Docker.Container;
  return { container, followed, since };
}

const T = '2026-01-01T10:00:00.000000001Z';
const U = '2026-01-01T10:00:00.000000002Z';
const flush = () => new Promise((resolve) => setImmediate(resolve));

describe("a container's console", () => {
  it('loses no line of a fast writer whose lines share a timestamp across chunks', async () => {
    const shown: string[] = [];
    const engine = fakeContainer(Buffer.alloc(0));
    const console = new ContainerConsole(new RingBuffer(100), (lines) => shown.push(...lines));
    console.use(engine.container);
    await console.follow();
    engine.followed[0].write(
      frame([
        [T, 'one'],
        [T, 'two'],
      ]),
    );
    engine.followed[0].write(frame([[T, 'three']]));
    // stderr's copier may stamp a line a little earlier than stdout's last one.
    engine.followed[0].write(
      frame([
        ['2026-01-01T09:59:59.999999999Z', 'older'],
        [U, 'four'],
      ]),
    );
    await flush();
    expect(shown).toEqual(['one', 'two', 'three', 'older', 'four']);
  });

  it('resumes after the last line read: what came before it, and as many of its own timestamp as were read, are not shown again', async () => {
    const shown: string[] = [];
    const engine = fakeContainer(
      frame([
        ['2026-01-01T09:59:59.5Z', 'earlier'],
        [T, 'a'],
        [T, 'b'],
      ]),
    );
    const console = new ContainerConsole(new RingBuffer(100), (lines) => shown.push(...lines));
    console.use(engine.container);
    expect(await console.loadHistory()).toEqual(['earlier', 'a', 'b']);
    await console.follow();
    // The engine resumes at the whole second: the history comes again, then what is new.
    expect(engine.since).toEqual([Date.parse('2026-01-01T10:00:00Z') / 1000]);
    engine.followed[0].write(
      frame([
        ['2026-01-01T09:59:59.5Z', 'earlier'],
        [T, 'a'],
        [T, 'b'],
        [T, 'c'],
        [U, 'd'],
      ]),
    );
    await flush();
    expect(shown).toEqual(['c', 'd']);
  });
});
