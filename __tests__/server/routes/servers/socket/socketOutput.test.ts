import { SocketOutput } from '../../../../../server/src/routes/servers/socket/socket-output';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function setup(frameChars = 1000, minFrameIntervalMs = 0) {
  const frames: string[][] = [];
  const socket = { buffered: 0 };
  const clock = { now: 1_000 };
  const output = new SocketOutput({
    bufferedAmount: () => socket.buffered,
    send: (lines) => frames.push(lines),
    maxBufferedBytes: 100,
    frameChars,
    minFrameIntervalMs,
    now: () => clock.now,
  });
  return { output, frames, socket, clock };
}

describe('SocketOutput', () => {
  it('sends the lines of one turn of the event loop in one frame, in order', async () => {
    const { output, frames } = setup();
    output.push('one');
    output.push('two');
    expect(frames).toEqual([]);
    await nextTurn();
    expect(frames).toEqual([['one', 'two']]);
    output.push('three');
    output.flush();
    expect(frames).toEqual([['one', 'two'], ['three']]);
  });

  it('while output keeps coming, holds the next lines until the frame interval has passed, in one frame', async () => {
    const { output, frames, clock } = setup(1000, 40);
    output.push('first');
    await nextTurn();
    // The first lines after a pause go at once.
    expect(frames).toEqual([['first']]);
    clock.now += 5;
    output.push('second');
    await nextTurn();
    output.push('third');
    await nextTurn();
    expect(frames).toEqual([['first']]);
    await sleep(80);
    expect(frames).toEqual([['first'], ['second', 'third']]);
    // After a pause as long as the interval, lines go at the end of the turn again.
    clock.now += 100;
    output.push('fourth');
    await nextTurn();
    expect(frames).toEqual([['first'], ['second', 'third'], ['fourth']]);
  });

  it('sends a full frame at once, even within the frame interval', async () => {
    const { output, frames } = setup(10, 60_000);
    output.push('a');
    output.flush();
    for (const line of ['aaaa', 'bbbb', 'cccc']) output.push(line);
    expect(frames).toEqual([['a'], ['aaaa', 'bbbb', 'cccc']]);
  });

  it('sends a frame as soon as it is full', () => {
    const { output, frames } = setup(10);
    for (const line of ['aaaa', 'bbbb', 'cccc', 'dd']) output.push(line);
    expect(frames).toEqual([['aaaa', 'bbbb', 'cccc']]);
  });

  it('skips lines while the client is behind and says how many once it caught up, without more output', async () => {
    const { output, frames, socket } = setup();
    output.push('before');
    output.flush();
    socket.buffered = 500;
    for (let i = 0; i < 42; i++) output.push(`lost ${i}`);
    await sleep(300);
    expect(frames).toEqual([['before']]);
    socket.buffered = 0;
    await sleep(300);
    expect(frames).toEqual([['before'], ['[Panel] 42 lines were skipped because the connection was too slow.']]);
  });

  it('puts the notice before the next line when output goes on', async () => {
    const { output, frames, socket } = setup();
    socket.buffered = 500;
    output.push('lost');
    socket.buffered = 0;
    output.push('after');
    await nextTurn();
    expect(frames).toEqual([['[Panel] 1 lines were skipped because the connection was too slow.', 'after']]);
    await sleep(300);
    expect(frames).toHaveLength(1);
  });

  it('sends nothing once disposed, also lines held for the frame interval', async () => {
    const { output, frames } = setup(1000, 40);
    output.push('sent');
    output.flush();
    output.push('held');
    output.dispose();
    await sleep(80);
    expect(frames).toEqual([['sent']]);
  });

  it('sends nothing once disposed', async () => {
    const { output, frames, socket } = setup();
    output.push('waiting');
    socket.buffered = 500;
    output.push('lost');
    output.dispose();
    await sleep(300);
    expect(frames).toEqual([]);
  });
});
