import { SocketOutput } from '../../../../../server/src/routes/servers/socket/socket-output';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function setup(frameChars = 1000) {
  const frames: string[][] = [];
  const socket = { buffered: 0 };
  const output = new SocketOutput({ bufferedAmount: () => socket.buffered, send: (lines) => frames.push(lines), maxBufferedBytes: 100, frameChars });
  return { output, frames, socket };
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
