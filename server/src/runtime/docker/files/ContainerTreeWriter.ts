import type { TreeWriteOptions, TreeWriter } from '../../files/ServerFiles';
import type { FilesConnection } from './FilesConnection';
import { sendFile } from './streams';

/**
 * A tree writer held by the file helper (its folders stay open there, as a local one's do here).
 * It lives on the helper that opened it: if that helper goes away, its calls fail.
 */
export class ContainerTreeWriter implements TreeWriter {
  private closed = false;

  constructor(
    private readonly conn: FilesConnection,
    private readonly tree: number,
  ) {}

  mkdir(path: string, mode?: number): Promise<boolean> {
    return this.conn.call('tree.mkdir', { tree: this.tree, path, mode });
  }

  writeStream(path: string, source: AsyncIterable<Buffer | string> | Iterable<Buffer>, options: TreeWriteOptions = {}): Promise<void> {
    return sendFile(this.conn, 'tree.writeStream', { tree: this.tree, path, options }, source);
  }

  async chmod(path: string, mode: number): Promise<void> {
    await this.conn.call('tree.chmod', { tree: this.tree, path, mode });
  }

  async remove(path: string): Promise<void> {
    await this.conn.call('tree.remove', { tree: this.tree, path });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    try {
      if (this.conn.alive) await this.conn.call('tree.close', { tree: this.tree });
    } finally {
      this.conn.letGo();
    }
  }
}
