import { Client, utils, type ConnectConfig, type SFTPWrapper } from 'ssh2';

/**
 * A new Ed25519 key pair that ssh2 (and OpenSSH) can read back. ssh2's generator now and then
 * writes a private key it cannot parse itself (about one in two hundred), which the server's own
 * host key guards against too; a test using such a key would fail for the key, not the panel.
 */
export function readableEd25519Keys(): { private: string; public: string } {
  for (;;) {
    const keys = utils.generateKeyPairSync('ed25519');
    if (!(utils.parseKey(keys.private) instanceof Error)) return keys;
  }
}

/** A real SSH client signed in to the panel's SFTP server, with its SFTP channel. */
export interface SftpConnection {
  client: Client;
  sftp: SFTPWrapper;
  /** Resolves when the server ends the connection. */
  closed: Promise<void>;
  end(): void;
}

/** Signs in with the ssh2 client (rejects when the server refuses the sign-in). */
export function connectSftp(port: number, username: string, auth: Pick<ConnectConfig, 'password' | 'privateKey'>): Promise<SftpConnection> {
  return new Promise((resolve, reject) => {
    const client = new Client();
    const closed = new Promise<void>((done) => client.on('close', () => done()));
    client.on('error', reject);
    client.on('ready', () =>
      client.sftp((error, sftp) => {
        if (error) return reject(error);
        resolve({ client, sftp, closed, end: () => client.end() });
      }),
    );
    client.connect({ host: '127.0.0.1', port, username, ...auth, readyTimeout: 30_000, tryKeyboard: false });
  });
}

type Callback<T> = (error: Error | null | undefined, value?: T) => void;

/** Calls one SFTP method and answers its result (rejects with the server's status as the error). */
export function call<T = void>(sftp: SFTPWrapper, method: keyof SFTPWrapper, ...args: unknown[]): Promise<T> {
  return new Promise((resolve, reject) => {
    const callback: Callback<T> = (error, value) => (error ? reject(error) : resolve(value as T));
    (sftp[method] as (...all: unknown[]) => void).call(sftp, ...args, callback);
  });
}

/** The SFTP status code of a failed call (2 no such file, 3 permission denied, 4 failure). */
export async function statusOfCall(promise: Promise<unknown>): Promise<number | 'ok'> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    return (error as { code?: number }).code ?? -1;
  }
}

/** Uploads `content` to `path` through an SFTP write stream, the way clients do. */
export function upload(sftp: SFTPWrapper, path: string, content: Buffer | string): Promise<void> {
  return new Promise((resolve, reject) => {
    const stream = sftp.createWriteStream(path);
    stream.on('error', reject);
    stream.on('close', () => resolve());
    stream.end(content);
  });
}
