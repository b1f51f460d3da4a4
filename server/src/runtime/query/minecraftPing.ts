import { connect } from 'node:net';

/** Players as a Minecraft server reports them in its server-list ping. */
export interface PlayerCount {
  online: number;
  max: number;
  /** Names the server lists (vanilla sends up to 12). */
  sample: string[];
}

function varint(value: number): Buffer {
  const bytes: number[] = [];
  let v = value >>> 0;
  do {
    let byte = v & 0x7f;
    v >>>= 7;
    if (v !== 0) byte |= 0x80;
    bytes.push(byte);
  } while (v !== 0);
  return Buffer.from(bytes);
}

function packet(id: number, payload: Buffer): Buffer {
  const body = Buffer.concat([varint(id), payload]);
  return Buffer.concat([varint(body.length), body]);
}

/** Reads a varint at `offset`; null when the buffer does not hold all of it yet. */
function readVarint(buffer: Buffer, offset: number): { value: number; size: number } | null {
  let value = 0;
  for (let i = 0; i < 5; i++) {
    if (offset + i >= buffer.length) return null;
    const byte = buffer[offset + i];
    value |= (byte & 0x7f) << (7 * i);
    if ((byte & 0x80) === 0) return { value, size: i + 1 };
  }
  throw new Error('Malformed varint');
}

/**
 * Asks a Minecraft server for its status (the server-list ping every client does), which tells
 * the players online. Works for vanilla, Paper and flying-squid alike.
 */
export function minecraftPing(host: string, port: number, timeoutMs = 3000): Promise<PlayerCount> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    let data = Buffer.alloc(0);
    const fail = (error: Error) => {
      socket.destroy();
      reject(error);
    };
    socket.setTimeout(timeoutMs, () => fail(new Error('Status ping timed out')));
    socket.on('error', fail);
    socket.on('connect', () => {
      const hostBytes = Buffer.from(host, 'utf8');
      const portBytes = Buffer.alloc(2);
      portBytes.writeUInt16BE(port);
      // Handshake (protocol -1 = "any", next state 1 = status), then the status request.
      socket.write(packet(0x00, Buffer.concat([varint(-1), varint(hostBytes.length), hostBytes, portBytes, varint(1)])));
      socket.write(packet(0x00, Buffer.alloc(0)));
    });
    socket.on('data', (chunk) => {
      data = Buffer.concat([data, chunk]);
      if (data.length > 1024 * 1024) return fail(new Error('Status answer too large'));
      try {
        const length = readVarint(data, 0);
        if (!length || data.length < length.size + length.value) return;
        const id = readVarint(data, length.size);
        const textLength = id && readVarint(data, length.size + id.size);
        if (!id || !textLength) return;
        const start = length.size + id.size + textLength.size;
        const status = JSON.parse(data.subarray(start, start + textLength.value).toString('utf8')) as {
          players?: { online?: number; max?: number; sample?: { name?: string }[] };
        };
        socket.destroy();
        resolve({
          online: status.players?.online ?? 0,
          max: status.players?.max ?? 0,
          sample: (status.players?.sample ?? []).map((p) => String(p.name ?? '')).filter(Boolean),
        });
      } catch (error) {
        fail(error as Error);
      }
    });
  });
}
