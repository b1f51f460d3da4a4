import { boundaryMessages } from './boundaryMessages';

describe('import boundaries (eslint.config.mjs)', () => {
  it('allows what DESIGN.md allows and refuses what it forbids', () => {
    const results = boundaryMessages([
      // allowed
      ['src/features/session/a.ts', "import { x } from './b';\nexport { x };"],
      ['src/features/session/deep/a.ts', "import { useAppSelector } from '../../../app/hooks';\nexport { useAppSelector };"],
      ['src/app/router.tsx', "import { LoginPage } from '../features/auth/LoginPage';\nexport { LoginPage };"],
      ['src/features/auth/a.ts', "import { baseApi } from '../../api/baseApi';\nexport { baseApi };"],
      ['server/src/routes/x.ts', "import { y } from '../lib/errors';\nexport { y };"],
      // forbidden
      ['src/features/auth/a.ts', "import { s } from '../session/sessionSlice';\nexport { s };"],
      ['src/features/auth/pages/a.ts', "export * from '../../theme/themeSlice';"],
      ['src/components/Card.tsx', "import { s } from '../features/session/sessionSlice';\nexport { s };"],
      ['src/api/baseQuery.ts', "const m = import('../features/session/tokenStorage');\nexport { m };"],
      ['src/i18n/i18n.ts', "import en from '../../server/translations/en.json';\nexport { en };"],
      ['server/src/app.ts', "import type { RootState } from '../../src/app/store';\nexport type { RootState };"],
    ]);
    expect(results.slice(0, 5)).toEqual([[], [], [], [], []]);
    const forbidden = results.slice(5);
    expect(forbidden.map((messages) => messages.length)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(forbidden[0][0]).toMatch(/features do not import each other \(auth → session\)/);
    expect(forbidden[1][0]).toMatch(/features do not import each other \(auth → theme\)/);
    expect(forbidden[2][0]).toMatch(/shared code \(src\/components\) does not import features \(session\)/);
    expect(forbidden[3][0]).toMatch(/shared code \(src\/api\) does not import features/);
    expect(forbidden[4][0]).toMatch(/src\/ never imports from server\//);
    expect(forbidden[5][0]).toMatch(/server\/ never imports from src\//);
  }, 60_000);
});
