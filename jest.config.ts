/** @jest-config-loader esbuild-register */
import { availableParallelism } from 'node:os';
import type { Config } from 'jest';
import { typeboxPaths } from './__tests__/server/typeboxBundle';

// Packages published only as ES modules are transpiled by Babel like our own code.
const esmPackages = ['typebox', 'cookie', '@noble/hashes', '@scure/base', 'content-disposition', '@ant-design/colors', 'openid-client', 'oauth4webapi', 'jose'].join('|');

const common = {
  transform: { '^.+\\.[cm]?[jt]sx?$': 'babel-jest' },
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages})/)`],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
};

// The server's suites: a real database and app, real processes.
const serverProject = {
  ...common,
  displayName: 'server',
  testEnvironment: 'node',
  roots: ['<rootDir>/__tests__/server'],
  globalSetup: '<rootDir>/__tests__/server/globalSetup.ts',
  globalTeardown: '<rootDir>/__tests__/server/globalTeardown.ts',
  // typebox from one bundle that globalSetup builds (__tests__/server/typeboxBundle.ts).
  moduleNameMapper: Object.fromEntries(Object.entries(typeboxPaths).map(([name, path]) => [`^${path}$`, `<rootDir>/.tmp/jest-typebox/${name}.cjs`])),
  // The bundle is CommonJS for Node already; Babel would only spend seconds on its 700 KB.
  transformIgnorePatterns: [...common.transformIgnorePatterns, '/\\.tmp/jest-typebox/'],
  setupFiles: ['<rootDir>/__tests__/server/lightPasswordHashes.ts'],
  // A real database and app take several seconds to open on two busy cores (game processes run too).
  testTimeout: 30_000,
} satisfies Config & { setupFiles: string[] };

// Suites that run a second time on the in-memory driver (see the server-memory project).
const memorySuites = [
  'routes/backups/backupsApi',
  'routes/config/configApi',
  'routes/files/archives',
  'routes/files/brokenConnections',
  'routes/files/compressFailures',
  'routes/files/filePermissions',
  'routes/files/fileRoutes',
  'routes/files/lyingArchives',
  'routes/files/pull',
  'routes/files/uploadAndQuota',
  'routes/files/uploadRefusedConnection',
];

const config: Config = {
  // Jest's default (cores − 1) is one worker on a 2-core machine. Much of a server test is spent
  // waiting on game processes, sockets and timers, so two workers finish about a third sooner.
  maxWorkers: Math.max(2, availableParallelism() - 1),
  // Server tests start real databases and processes; a busy 2-core machine needs headroom.
  testTimeout: 30_000,
  projects: [
    {
      ...common,
      displayName: 'client',
      // jsdom with a larger selector cache (see the file).
      testEnvironment: '<rootDir>/__tests__/src/jsdomEnvironment.cjs',
      roots: ['<rootDir>/__tests__/src'],
      setupFilesAfterEnv: ['<rootDir>/__tests__/src/setupTests.ts'],
      moduleNameMapper: {
        '\\.(css|svg|png)$': '<rootDir>/__tests__/src/fileStub.ts',
        // The app takes antd's icon drawings from their ES modules; the same drawings ship as CommonJS.
        '^@ant-design/icons-svg/es/(.*)$': '@ant-design/icons-svg/lib/$1',
        // Each icon when first used, instead of all 1,700 modules of the package's entry (see the file).
        '^@ant-design/icons$': '<rootDir>/__tests__/src/antdIconsOnDemand.cjs',
        '^antd$': '<rootDir>/__tests__/src/antdOnDemand.cjs',
      },
    } as Config,
    serverProject,
    {
      ...serverProject,
      displayName: 'server-memory',
      // The suites of the file manager, the config editor and backups again, with every server's
      // files kept in memory by a test driver: nothing in them may depend on a folder on the disk. Left out:
      // pathSafety, swapRace and folderUpload, which plant links to real folders outside the
      // server's and race the disk itself.
      testMatch: memorySuites.map((suite) => `<rootDir>/__tests__/server/${suite}.test.ts`),
      setupFiles: [...serverProject.setupFiles, '<rootDir>/__tests__/server/helpers/memoryRuntime/useMemoryDriver.ts'],
    } as Config,
    {
      ...common,
      displayName: 'scripts',
      testEnvironment: 'node',
      roots: ['<rootDir>/__tests__/scripts'],
    },
  ],
};

export default config;
