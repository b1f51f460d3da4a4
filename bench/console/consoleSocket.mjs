/**
 * A console socket client for the benchmark, authenticating like the web app: a ticket from
 * GET /api/v2/servers/{id}/websocket, then `{ event: "auth", args: [ticket] }` on the socket the
 * ticket names, sent with the panel's own Origin as a browser would.
 */
import WebSocket from 'ws';

/** Opens and authenticates a console socket; resolves once the panel answered `auth success`. */
export async function openConsoleSocket(baseUrl, serverId, token) {
  const response = await fetch(`${baseUrl}/api/v2/servers/${serverId}/websocket`, {
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  });
  const body = await response.json().catch(() => null);
  if (response.status !== 200 || !body?.data?.token) throw new Error(`the socket ticket request answered ${response.status}: ${JSON.stringify(body)}`);
  const socket = new WebSocket(body.data.socket, { origin: baseUrl });
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the console socket did not authenticate within 10 s')), 10_000);
    socket.once('error', reject);
    socket.once('close', (code, reason) => reject(new Error(`the console socket closed (${code} ${reason})`)));
    socket.once('open', () => socket.send(JSON.stringify({ event: 'auth', args: [body.data.token] })));
    socket.on('message', function onAuth(data) {
      const frame = JSON.parse(String(data));
      if (frame.event === 'daemon error') reject(new Error(`the panel refused the socket: ${frame.args?.[0]}`));
      if (frame.event !== 'auth success') return;
      clearTimeout(timer);
      socket.off('message', onAuth);
      socket.removeAllListeners('error');
      socket.removeAllListeners('close');
      resolve();
    });
  });
  return socket;
}

/** Sends a console command over an authenticated socket. */
export function sendCommand(socket, command) {
  socket.send(JSON.stringify({ event: 'send command', args: [command] }));
}

/** Closes the socket and waits until it is closed (at most 2 s). */
export async function closeSocket(socket) {
  if (socket.readyState === WebSocket.CLOSED) return;
  const closed = new Promise((resolve) => socket.once('close', resolve));
  socket.close(1000, 'Benchmark finished.');
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 2000))]);
  if (socket.readyState !== WebSocket.CLOSED) socket.terminate();
}
