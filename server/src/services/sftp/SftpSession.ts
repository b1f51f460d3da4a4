import type { FastifyBaseLogger } from 'fastify';
import { utils, type Attributes, type SFTPWrapper } from 'ssh2';
import type { ServerRow } from '../../db/schema';
import type { ServerFiles } from '../../runtime/files/ServerFiles';
import type { DiskQuota } from '../files/DiskQuota';
import { guardOf } from '../files/fileGuard';
import type { SftpAudit } from './SftpAudit';
import { attrsOf, longnameOf } from './sftpAttrs';
import type { SftpGrant } from './SftpGrant';
import { entryAt, openForReading, openForWriting, type OpenContext, type SftpHandle } from './sftpHandles';
import { resolveSftpPath } from './sftpPaths';
import { refusals, statusOf } from './sftpStatus';

const { OPEN_MODE, STATUS_CODE } = utils.sftp;
/** Names answered per READDIR. */
const NAMES_PER_PAGE = 128;
/** Largest READ answered (clients ask for 32–256 KiB). */
const MAX_READ_BYTES = 256 * 1024;

export interface SftpSessionDeps {
  sftp: SFTPWrapper;
  server: ServerRow;
  files: ServerFiles;
  quota: DiskQuota;
  grant: SftpGrant;
  audit: SftpAudit;
  log: FastifyBaseLogger;
  /** Ends the whole connection (access revoked). */
  end(): void;
}

const errno = (code: string) => Object.assign(new Error(code), { code });

/**
 * One SFTP channel: each request is checked against the session's access (still valid, and the
 * file permission its effect needs, exactly as in the browser's file manager) and carried out
 * through the server's file port, which keeps every path inside the server's files and follows
 * no link, wherever the server runs.
 */
export class SftpSession {
  private readonly handles = new Map<string, SftpHandle>();
  private nextHandle = 1;
  private readonly open: OpenContext;

  constructor(private readonly deps: SftpSessionDeps) {
    this.open = { server: deps.server, files: deps.files, quota: deps.quota, guard: guardOf((key) => deps.grant.allows(key)) };
    this.listen(deps.sftp);
  }

  private listen(sftp: SFTPWrapper): void {
    const { files, audit } = this.deps;
    const guard = this.open.guard;
    sftp.on('REALPATH', (id, path) => this.run(id, async () => sftp.name(id, [{ filename: resolveSftpPath(path), longname: '', attrs: {} as Attributes }])));
    const stat = (id: number, path: string) =>
      this.run(id, async () => {
        guard('file.read');
        const resolved = resolveSftpPath(path);
        const info = await files.lstat(resolved);
        if (!info) throw errno('ENOENT');
        sftp.attrs(id, attrsOf(info));
      });
    sftp.on('STAT', stat).on('LSTAT', stat);
    sftp.on('OPENDIR', (id, path) =>
      this.run(id, async () => {
        guard('file.read');
        const resolved = resolveSftpPath(path);
        const info = await entryAt(files, resolved);
        if (!info) throw errno('ENOENT');
        if (info.kind !== 'directory') throw errno('ENOTDIR');
        sftp.handle(id, this.add({ kind: 'directory', path: resolved, entries: await files.list(resolved) }));
      }),
    );
    sftp.on('READDIR', (id, handle) =>
      this.run(id, async () => {
        const dir = this.take(handle, 'directory');
        if (dir.entries.length === 0) return sftp.status(id, STATUS_CODE.EOF);
        sftp.name(
          id,
          dir.entries.splice(0, NAMES_PER_PAGE).map((info) => ({ filename: info.name, longname: longnameOf(info), attrs: attrsOf(info) })),
        );
      }),
    );
    sftp.on('OPEN', (id, filename, flags, attrs) =>
      this.run(id, async () => {
        const path = resolveSftpPath(filename);
        const handle = flags & OPEN_MODE.WRITE ? await openForWriting(this.open, path, flags, (attrs as Partial<Attributes>).mode) : await openForReading(this.open, path);
        sftp.handle(id, this.add(handle));
      }),
    );
    sftp.on('READ', (id, handle, offset, length) =>
      this.run(id, async () => {
        const { file } = this.take(handle, 'read');
        const buffer = Buffer.alloc(Math.min(length, MAX_READ_BYTES));
        const read = await file.read(buffer, 0, buffer.length, offset);
        if (read === 0) sftp.status(id, STATUS_CODE.EOF);
        else sftp.data(id, buffer.subarray(0, read));
      }),
    );
    sftp.on('WRITE', (id, handle, offset, data) =>
      this.run(id, async () => {
        const upload = this.take(handle, 'write');
        try {
          upload.budget.take(data.length);
        } catch (error) {
          upload.stream.fail(error as Error);
          throw error;
        }
        await upload.stream.write(offset, data);
        sftp.status(id, STATUS_CODE.OK);
      }),
    );
    sftp.on('FSTAT', (id, handle) =>
      this.run(id, async () => {
        const open = this.take(handle);
        if (open.kind === 'read') sftp.attrs(id, attrsOf(open.file.info));
        else if (open.kind === 'write') sftp.attrs(id, { mode: 0o100000 | (open.mode ?? 0o644), uid: 0, gid: 0, size: open.stream.received, atime: 0, mtime: 0 });
        else sftp.attrs(id, attrsOf((await files.lstat(open.path))!));
      }),
    );
    sftp.on('FSETSTAT', (id, handle, attrs) =>
      this.run(id, async () => {
        const open = this.take(handle);
        const wanted = attrs as Partial<Attributes>;
        if (wanted.size !== undefined) throw refusals.partialWrite();
        // The mode of an upload is set once it exists; times are the storage's own (clients that preserve them are told OK, as most servers with
        // no time control do, so their transfers do not fail).
        if (wanted.mode !== undefined && open.kind === 'write') open.mode = wanted.mode & 0o777;
        else if (wanted.mode !== undefined) await this.chmod(open.path, wanted.mode);
        sftp.status(id, STATUS_CODE.OK);
      }),
    );
    sftp.on('SETSTAT', (id, path, attrs) =>
      this.run(id, async () => {
        const wanted = attrs as Partial<Attributes>;
        if (wanted.size !== undefined) throw refusals.partialWrite();
        if (wanted.mode !== undefined) await this.chmod(resolveSftpPath(path), wanted.mode);
        else guard('file.update');
        sftp.status(id, STATUS_CODE.OK);
      }),
    );
    sftp.on('CLOSE', (id, handle) => this.run(id, async () => this.close(id, handle)));
    sftp.on('REMOVE', (id, path) =>
      this.run(id, async () => {
        guard('file.delete');
        const resolved = resolveSftpPath(path);
        const info = await files.lstat(resolved);
        if (!info) throw errno('ENOENT');
        if (info.kind === 'directory') throw errno('EISDIR');
        await files.remove(resolved);
        audit.change('delete', resolved);
        sftp.status(id, STATUS_CODE.OK);
      }),
    );
    sftp.on('RMDIR', (id, path) =>
      this.run(id, async () => {
        guard('file.delete');
        const resolved = resolveSftpPath(path);
        const info = await entryAt(files, resolved);
        if (!info) throw errno('ENOENT');
        if (info.kind !== 'directory') throw errno('ENOTDIR');
        if (!(await files.removeEmptyFolder(resolved))) throw errno('ENOTEMPTY');
        audit.change('delete-folder', resolved);
        sftp.status(id, STATUS_CODE.OK);
      }),
    );
    sftp.on('MKDIR', (id, path) =>
      this.run(id, async () => {
        guard('file.create');
        const resolved = resolveSftpPath(path);
        await files.mkdir(resolved, { exclusive: true });
        audit.change('create-folder', resolved);
        sftp.status(id, STATUS_CODE.OK);
      }),
    );
    sftp.on('RENAME', (id, from, to) =>
      this.run(id, async () => {
        guard('file.update');
        const [source, target] = [resolveSftpPath(from), resolveSftpPath(to)];
        if (!(await files.lstat(source))) throw errno('ENOENT');
        await files.rename(source, target);
        audit.change('rename', `${source} → ${target}`);
        sftp.status(id, STATUS_CODE.OK);
      }),
    );
    sftp.on('READLINK', (id) => this.run(id, async () => Promise.reject(refusals.link())));
    sftp.on('SYMLINK', (id) => this.run(id, async () => Promise.reject(refusals.link())));
  }

  private async chmod(path: string, mode: number): Promise<void> {
    this.open.guard('file.update');
    if (!(await entryAt(this.deps.files, path))) throw errno('ENOENT');
    await this.deps.files.chmod(path, mode & 0o777);
    this.deps.audit.change('chmod', path);
  }

  private async close(id: number, handle: Buffer): Promise<void> {
    const open = this.take(handle);
    this.handles.delete(handle.toString('hex'));
    if (open.kind === 'read') await open.file.close();
    if (open.kind === 'write') {
      try {
        open.stream.end();
        await open.written;
        if (open.mode !== undefined) await this.deps.files.chmod(open.path, open.mode);
      } finally {
        open.budget.release();
      }
      this.deps.audit.change('upload', open.path);
    }
    this.deps.sftp.status(id, STATUS_CODE.OK);
  }

  private add(handle: SftpHandle): Buffer {
    const id = Buffer.alloc(4);
    id.writeUInt32BE(this.nextHandle++);
    this.handles.set(id.toString('hex'), handle);
    return id;
  }

  private take<K extends SftpHandle['kind']>(handle: Buffer, kind?: K): Extract<SftpHandle, { kind: K }> {
    const open = this.handles.get(handle.toString('hex'));
    if (!open || (kind && open.kind !== kind)) throw refusals.badHandle();
    return open as Extract<SftpHandle, { kind: K }>;
  }

  /** Runs one request: the session must still be allowed; failures become SFTP statuses. */
  private run(id: number, work: () => Promise<unknown>): void {
    void (async () => {
      try {
        if (!(await this.deps.grant.stillValid())) {
          this.deps.sftp.status(id, STATUS_CODE.PERMISSION_DENIED, 'Your access to this server has ended.');
          return this.deps.end();
        }
        await work();
      } catch (error) {
        const status = statusOf(error);
        if (!status) this.deps.log.error({ err: error }, 'SFTP operation failed');
        this.deps.sftp.status(id, status?.code ?? STATUS_CODE.FAILURE, status?.message ?? 'The operation failed.');
      }
    })();
  }

  /** The channel closed: unfinished uploads are abandoned (nothing of them lands), open files closed. */
  async dispose(): Promise<void> {
    for (const open of this.handles.values()) {
      if (open.kind === 'write') {
        open.stream.fail(new Error('The SFTP session ended before the file was closed.'));
        await open.written.catch(() => undefined);
        open.budget.release();
      } else if (open.kind === 'read') await open.file.close().catch(() => undefined);
    }
    this.handles.clear();
  }
}
