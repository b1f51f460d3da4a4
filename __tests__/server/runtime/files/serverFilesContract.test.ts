import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RootedServerFiles } from '../../../../server/src/runtime/files/rooted/RootedServerFiles';
import { MemoryServerFiles } from '../../helpers/memoryRuntime/MemoryServerFiles';
import { describeServerFilesContract, type PortUnderTest } from './serverFilesContract';

const drivers: Array<[string, () => PortUnderTest]> = [
  [
    'local folder',
    () => {
      const root = mkdtempSync(join(tmpdir(), 'panel-port-'));
      return {
        files: new RootedServerFiles(root),
        link: async (target, path) => symlinkSync(target, join(root, path)),
        close: () => rmSync(root, { recursive: true, force: true }),
      };
    },
  ],
  [
    'memory',
    () => {
      const files = new MemoryServerFiles();
      return { files, link: async (target, path) => files.link(target, path), close: () => undefined };
    },
  ],
];

for (const [name, make] of drivers) describeServerFilesContract(name, make);
