import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { plans, servers } from '../../../../server/src/db/schema';
import { createTestPlan } from '../../helpers/testTemplates';
import { createFilesKit, multipartBody, type FilesKit } from '../../services/files/filesTestKit';

jest.setTimeout(120_000);

let kit: FilesKit;
beforeAll(async () => {
  kit = await createFilesKit();
  const slug = await createTestPlan(kit.t.app, 'test-refused-connection', { memoryMb: 512, diskMb: 1 });
  const [plan] = await kit.t.app.db.select().from(plans).where(eq(plans.slug, slug));
  await kit.t.app.db.update(servers).set({ planId: plan.id }).where(eq(servers.id, kit.server.id));
});

/** Everything the socket receives, and whether it was closed. */
function watch(socket: Socket): { text: () => string; closed: () => boolean } {
  let text = '';
  let closed = false;
  socket.on('data', (chunk) => (text += chunk.toString('latin1')));
  socket.on('close', () => (closed = true));
  socket.on('error', () => undefined);
  return { text: () => text, closed: () => closed };
}

async function until(check: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  return check();
}

describe('an upload refused partway on a keep-alive connection', () => {
  it('answers 507, then the next request on the connection is answered or the connection is closed, and the panel stops at once', async () => {
    await kit.t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = kit.t.app.server.address() as AddressInfo;
    const socket = connect(port, '127.0.0.1');
    const seen = watch(socket);
    await new Promise((resolve) => socket.once('connect', resolve));
    // 1.5 MiB on a plan of 1 MiB: declared small enough to be read, refused once over (507).
    const body = multipartBody([{ name: 'big.bin', content: Buffer.alloc(1.5 * 1024 * 1024) }]);
    const path = `/api/v2/servers/${kit.server.shortId}/files`;
    const auth = kit.owner.headers.authorization;
    socket.write(
      `POST ${path}/upload?directory=%2F HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\nAuthorization: ${auth}\r\n` +
        `Content-Type: ${body.headers['content-type']}\r\nContent-Length: ${body.payload.length}\r\n\r\n`,
    );
    socket.write(body.payload);
    expect(await until(() => /^HTTP\/1\.1 507/.test(seen.text()), 30_000)).toBe(true);
    const first = seen.text().length;
    if (!seen.closed()) socket.write(`GET ${path}/list?directory=%2F HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${auth}\r\n\r\n`);
    expect(await until(() => seen.closed() || /HTTP\/1\.1 \d{3}/.test(seen.text().slice(first)), 5_000)).toBe(true);
    const started = Date.now();
    await kit.t.app.close();
    expect(Date.now() - started).toBeLessThan(3_000);
    socket.destroy();
    await kit.t.close();
  });
});
