import { Socket } from 'node:net';
import { encodeData, encodeJson, FRAME_DATA, FrameReader, PROTOCOL_VERSION, type Message } from '../protocol';
import { RootedServerFiles } from '../../../files/rooted/RootedServerFiles';
import { AgentCalls } from './agentCalls';
import { BatchedOutput } from './batchedOutput';

/**
 * The file helper's agent, run in a container that holds one server's volume: it serves the
 * panel's file port with the panel's own local implementation (RootedServerFiles: no link
 * followed, confinement, atomic writes), over frames on its standard input and output.
 */
const root = process.argv[2] ?? '/home/container';
// Without a word from the panel for this long (it closes idle helpers itself), the agent leaves.
const LONELY_MS = 15 * 60_000;

/**
 * Standard output written without blocking: Node writes to a pipe synchronously on Linux, so each
 * frame of a backup stopped the agent (its file reads, its packing) until the engine had drained
 * the pipe's 64 KiB. Through a socket of its own the writes queue instead, bounded by the streams'
 * windows (the panel acks what it took), and the reading goes on while the engine drains.
 */
const stdout = new Socket({ fd: 1, readable: false, writable: true });
const output = new BatchedOutput((chunk) => void stdout.write(chunk));
const leave = () => {
  output.flush();
  // What is queued goes out first; an engine that stopped reading does not keep the agent.
  setTimeout(() => process.exit(0), 5_000).unref();
  stdout.end(() => process.exit(0));
};
const calls = new AgentCalls(new RootedServerFiles(root), {
  json: (channel: number, message: Message) => output.push(encodeJson(channel, message)),
  data: (channel: number, data: Buffer) => output.push(encodeData(channel, data)),
  frame: (frame: Buffer) => output.push(frame),
});

let lonely = setTimeout(leave, LONELY_MS);
const reader = new FrameReader((kind, channel, payload) => {
  if (kind === FRAME_DATA) return calls.data(channel, payload);
  const message = JSON.parse(payload.toString('utf8')) as Message;
  if (message.t === 'hello') output.push(encodeJson(channel, { t: 'hello', version: PROTOCOL_VERSION }));
  else calls.message(channel, message);
});

process.stdin.on('data', (chunk: Buffer) => {
  clearTimeout(lonely);
  lonely = setTimeout(leave, LONELY_MS);
  reader.push(chunk);
});
// The panel went away (or closed the idle helper): nothing more will come.
process.stdin.on('end', leave);
stdout.on('error', () => process.exit(0));
