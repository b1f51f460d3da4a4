import { randomUUID } from 'node:crypto';
import type Docker from 'dockerode';
import { containerFiles, removeServerFiles } from '../../../../server/src/runtime/docker/files/containerFiles';
import { ensureFilesImage } from '../../../../server/src/runtime/docker/files/helperContainer';
import { describeServerFilesContract } from '../files/serverFilesContract';
import { openTestEngine } from './dockerTestDriver';
import { asGame, makeVolume, PLANT_LINK, removeVolume } from './filesTestVolume';

jest.setTimeout(120_000);

let docker: Docker;
beforeAll(async () => {
  ({ docker } = await openTestEngine());
  await ensureFilesImage(docker);
}, 300_000);

// The very suite the local folder passes, against a server's volume on a node: every call goes
// through the file helper, and links are planted by the game itself.
describeServerFilesContract('a container on a node', async () => {
  const uuid = randomUUID();
  await makeVolume(docker, uuid);
  return {
    files: containerFiles(docker)(uuid),
    link: async (target, path) => void (await asGame(docker, uuid, PLANT_LINK, [target, path])),
    close: async () => {
      await removeServerFiles(docker, uuid);
      await removeVolume(docker, uuid);
    },
  };
});
