/**
 * A backup of a container's files packed by the file helper's agent: here the agent runs in this
 * process, spoken to through the very frames (and the engine's stdout framing) it speaks on a
 * node, so the archive's path is the one a backup on Docker takes, without an engine.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Duplex, Writable } from 'node:stream';
import { AgentCalls } from '../../../../../server/src/runtime/docker/files/agent/agentCalls';
import { BatchedOutput } from '../../../../../server/src/runtime/docker/files/agent/batchedOutput';
import { ContainerTreeReader } from '../../../../../server/src/runtime/docker/files/ContainerTreeReader';
import { FilesConnection } from '../../../../../server/src/runtime/docker/files/FilesConnection';
import { encodeData, encodeJson, FRAME_DATA, FrameReader, type Message } from '../../../../../server/src/runtime/docker/files/protocol';
import { RootedServerFiles } from '../../../../../server/src/runtime/files/rooted/RootedServerFiles';
import type { ServerFiles } from '../../../../../server/src/runtime/files/ServerFiles';
import type { ArchiveSink } from '../../../../../server/src/services/backups/BackupStorage';
import { walkForBackup } from '../../../../../server/src/services/backups/walkForBackup';
import { writeArchive } from '../../../../../server/src/services/backups/writeArchive';

let root: string;
let outside: string;
let conn: FilesConnection;
/** Bytes the helper sent the panel, frames and all. */
let sentToPanel = 0;

/** The agent on `files`, behind a socket as the engine's attach gives it: stdout in 8-byte-headed records. */
function attachAgent(files: ServerFiles): FilesConnection {
  const toAgent = new FrameReader((kind, channel, payload) => {
    if (kind === FRAME_DATA) return calls.data(channel, payload);
    const message = JSON.parse(payload.toString('utf8')) as Message;
    if (message.t === 'hello') output.push(encodeJson(channel, { t: 'hello', version: 0 }));
    else calls.message(channel, message);
  });
  const socket = new Duplex({
    read: () => undefined,
    write: (chunk: Buffer, _encoding, callback) => {
      toAgent.push(chunk);
      callback();
    },
  });
  const output = new BatchedOutput((chunk) => {
    const record = Buffer.alloc(8);
    record[0] = 1;
    record.writeUInt32BE(chunk.length, 4);
    sentToPanel += record.length + chunk.length;
    socket.push(Buffer.concat([record, chunk]));
  });
  const calls: AgentCalls = new AgentCalls(files, {
    json: (channel, message) => output.push(encodeJson(channel, message)),
    data: (channel, data) => output.push(encodeData(channel, data)),
    frame: (frame) => output.push(frame),
  });
  return new FilesConnection(socket, 'the test server');
}

/** The server's files as the Docker driver serves them for a backup: a tree reader held by the helper. */
const containerSide = (): ServerFiles =>
  ({
    openTreeReader: async (path: string) => {
      conn.hold();
      return new ContainerTreeReader(conn, await conn.call<number>('openTreeReader', { path }));
    },
  }) as unknown as ServerFiles;

/** An archive sink in memory that takes its time (a slow disk or upload), so the helper is held back by the window. */
function slowSink(): ArchiveSink & { bytes: () => Buffer; aborted: boolean } {
  const chunks: Buffer[] = [];
  const sink = {
    aborted: false,
    stream: new Writable({
      highWaterMark: 64 * 1024,
      write: (chunk: Buffer, _encoding, callback) => {
        chunks.push(Buffer.from(chunk));
        setImmediate(callback);
      },
    }),
    finish: () => Promise.resolve(),
    abort: async () => void (sink.aborted = true),
    bytes: () => Buffer.concat(chunks),
  };
  return sink;
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'panel-agent-archive-'));
  outside = mkdtempSync(join(tmpdir(), 'panel-agent-outside-'));
  writeFileSync(join(outside, 'secret.txt'), 'not the server’s');
  mkdirSync(join(root, 'world/region'), { recursive: true });
  mkdirSync(join(root, 'plugins/a-folder-name-long-enough-that-the-whole-path-needs-a-pax-header-in-the-tar-stream'), { recursive: true });
  // More than the stream's window in both members: the deflated one and the stored one.
  writeFileSync(join(root, 'server.log'), 'a line of the log, again and again\n'.repeat(200_000));
  writeFileSync(join(root, 'world/region/r.0.0.mca'), randomBytes(10 * 1024 * 1024), { mode: 0o640 });
  writeFileSync(join(root, 'plugins/a-folder-name-long-enough-that-the-whole-path-needs-a-pax-header-in-the-tar-stream/config.yml'), 'enabled: true\n');
  for (let i = 0; i < 300; i += 1) writeFileSync(join(root, `world/data-${i}.dat`), `data ${i}\n`.repeat(i));
  symlinkSync(join(outside, 'secret.txt'), join(root, 'world/leak.txt'));
  conn = attachAgent(new RootedServerFiles(root));
});

afterAll(() => {
  conn.close();
  rmSync(root, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

describe("a backup packed by a container's file helper", () => {
  it('is the very archive the panel packs itself, held back by a slow sink, with its progress to the end', async () => {
    const local = new RootedServerFiles(root);
    const plan = await walkForBackup(local, '');
    const packedHere = slowSink();
    const here = await writeArchive(local, plan, packedHere, () => undefined);
    const packedThere = slowSink();
    const progress: number[] = [];
    const sentBefore = sentToPanel;
    const there = await writeArchive(containerSide(), plan, packedThere, (done) => progress.push(done));
    expect(packedThere.bytes().equals(packedHere.bytes())).toBe(true);
    expect(there).toEqual(here);
    expect(packedThere.bytes().includes('not the server’s')).toBe(false);
    expect(progress.at(-1)).toBe(plan.tarBytes);
    // Only the archive crossed the wire (with its framing), not the 17 MB of content: the log compresses.
    expect(sentToPanel - sentBefore).toBeLessThan(here.bytes + 256 * 1024);
    expect(here.bytes).toBeLessThan(plan.contentBytes * 0.7);
  });

  it('stops when the backup is stopped, drops what was written, and leaves the helper free for the next one', async () => {
    const plan = await walkForBackup(new RootedServerFiles(root), '');
    const stopper = new AbortController();
    const sink = slowSink();
    let written = 0;
    const stopped = writeArchive(
      containerSide(),
      plan,
      sink,
      (done) => {
        written = done;
        if (done > 0) stopper.abort(new Error('stopped by its owner'));
      },
      stopper.signal,
    );
    await expect(stopped).rejects.toThrow('stopped by its owner');
    expect(written).toBeGreaterThan(0);
    expect(sink.aborted).toBe(true);
    const next = slowSink();
    await writeArchive(containerSide(), plan, next, () => undefined);
    expect(next.bytes().length).toBeGreaterThan(1024 * 1024);
  });
});
