import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RingBuffer } from '../../../server/src/runtime/RingBuffer';
import { parseProperties, updateProperties } from '../../../server/src/lib/properties';
import { ConsoleCapture } from '../../../server/src/runtime/local/ConsoleCapture';
import { CrashRestartPolicy } from '../../../server/src/runtime/crashRestartPolicy';
import { PathEscapeError, RootedFileSystem } from '../../../server/src/runtime/RootedFileSystem';
import { waitFor } from '../helpers/waitFor';

describe('RingBuffer', () => {
  it('keeps the newest items in order once full', () => {
    const ring = new RingBuffer<number>(3);
    for (let i = 1; i <= 5; i++) ring.push(i);
    expect(ring.toArray()).toEqual([3, 4, 5]);
    expect(ring.toArray(2)).toEqual([4, 5]);
    expect(ring.size).toBe(3);
  });
});

describe('server.properties updates', () => {
  it('keep comments, order and unknown keys; append missing keys; escape like Java', () => {
    const text = '#Minecraft server properties\nmotd=Old\ncustom-key=keep me\nserver-port=1\n';
    const next = updateProperties(text, { 'server-port': '25570', 'level-type': 'minecraft:flat' });
    expect(next).toBe('#Minecraft server properties\nmotd=Old\ncustom-key=keep me\nserver-port=25570\nlevel-type=minecraft\\:flat\n');
    expect(parseProperties(next)['level-type']).toBe('minecraft:flat');
    expect(updateProperties(next, { motd: 'New', pvp: 'true' }, true)).toContain('motd=Old');
  });
});

describe('CrashRestartPolicy', () => {
  it('doubles the delay and stops after the cap within the window', () => {
    const policy = new CrashRestartPolicy({ backoffMs: 1000 });
    const limits = { maxRestarts: 2, windowMs: 60_000 };
    expect(policy.next('a', limits, 0)).toEqual({ delayMs: 1000, attempt: 1, max: 2 });
    expect(policy.next('a', limits, 10)).toEqual({ delayMs: 2000, attempt: 2, max: 2 });
    expect(policy.next('a', limits, 20)).toBeNull();
    expect(policy.next('a', limits, 120_000)).toEqual({ delayMs: 1000, attempt: 1, max: 2 });
    // Each server's own cap: another server's policy allows more in the same time.
    expect(policy.next('b', { maxRestarts: 5, windowMs: 60_000 }, 0)).toEqual({ delayMs: 1000, attempt: 1, max: 5 });
  });
});

describe('ConsoleCapture', () => {
  it('rotates the log past its size without losing or repeating a line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'capture-'));
    const path = join(dir, 'console.log');
    writeFileSync(path, 'old 1\nold 2\n');
    const lines: string[] = [];
    const capture = new ConsoleCapture(path, (batch) => lines.push(...batch), { maxBytes: 4096, keep: 2, pollMs: 20 });
    expect(await capture.start(10)).toEqual(['old 1', 'old 2']);
    const expected: string[] = [];
    for (let i = 0; i < 2000; i++) {
      expected.push(`line ${i} ${'x'.repeat(20)}`);
      appendFileSync(path, `${expected[i]}\n`);
      if (i % 100 === 99) await capture.drain();
    }
    await waitFor(() => lines.length >= expected.length, { what: 'all lines' });
    await capture.stop();
    expect(lines).toEqual(expected);
    expect(existsSync(`${path}.1`) && existsSync(`${path}.2`)).toBe(true);
    expect(statSync(path).size).toBeLessThan(4096 + 100 * 32);
  });
});

describe('ConsoleCapture beside a game writing as fast as it can', () => {
  it('rotates many times while another process appends, and loses no line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'capture-'));
    const path = join(dir, 'console.log');
    writeFileSync(path, '');
    const lines: string[] = [];
    const capture = new ConsoleCapture(path, (batch) => lines.push(...batch), { maxBytes: 64 * 1024, keep: 2, pollMs: 5 });
    await capture.start(10);
    const count = 150_000;
    // Small writes of its own, as a game's logger makes them: each may land between two steps of a rotation.
    const writer = spawn(process.execPath, [
      '-e',
      `const fs = require('fs'); const fd = fs.openSync(process.argv[1], 'a'); for (let i = 0; i < ${count}; i++) fs.writeSync(fd, 'line ' + i + '\\n');`,
      path,
    ]);
    await new Promise((resolve) => writer.once('exit', resolve));
    await waitFor(
      async () => {
        await capture.drain();
        return lines.length >= count;
      },
      { what: 'every line', timeoutMs: 10_000 },
    ).catch(() => undefined);
    await capture.stop();
    const missing = count - new Set(lines).size;
    expect({ missing, repeated: lines.length - new Set(lines).size }).toEqual({ missing: 0, repeated: 0 });
    expect(lines).toEqual(Array.from({ length: count }, (_, i) => `line ${i}`));
    expect(statSync(path).size).toBeLessThan(count * 12);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('ConsoleCapture with a long backlog', () => {
  it('emits what a rotation left behind a chunk at a time, letting the event loop run in between', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'capture-'));
    const path = join(dir, 'console.log');
    writeFileSync(path, '');
    let turn = 0;
    let spinning = true;
    const spin = () => {
      turn++;
      if (spinning) setImmediate(spin);
    };
    spin();
    const lines: string[] = [];
    const turnsSeen = new Set<number>();
    const capture = new ConsoleCapture(
      path,
      (batch) => {
        lines.push(...batch);
        turnsSeen.add(turn);
      },
      { maxBytes: 4096, keep: 2, pollMs: 20 },
    );
    await capture.start(10);
    const expected = Array.from({ length: 20_000 }, (_, i) => `line ${i} ${'x'.repeat(90)}`);
    // About 2 MB at once, as a game writing faster than the panel reads leaves it.
    appendFileSync(path, `${expected.join('\n')}\n`);
    await capture.drain();
    spinning = false;
    await capture.stop();
    expect(lines).toEqual(expected);
    expect(turnsSeen.size).toBeGreaterThan(10);
  });
});

describe('RootedFileSystem', () => {
  it('resolves inside the root and refuses escapes, symlinks included', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'outside-'));
    const root = mkdtempSync(join(tmpdir(), 'root-'));
    symlinkSync(outside, join(root, 'link'));
    const files = new RootedFileSystem(root);
    await files.writeFile('/a/b.txt', 'hi');
    expect(readFileSync(join(root, 'a', 'b.txt'), 'utf8')).toBe('hi');
    for (const bad of ['../x', 'a/../../x', 'link/x', 'link', 'a\0b']) await expect(files.resolve(bad)).rejects.toBeInstanceOf(PathEscapeError);
    await expect(files.writeFile('link/evil.txt', 'x')).rejects.toBeInstanceOf(PathEscapeError);
    expect(existsSync(join(outside, 'evil.txt'))).toBe(false);
  });
});
