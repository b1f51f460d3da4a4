import { boundaryMessages } from './boundaryMessages';

const importing = (spec: string) => `import { x } from '${spec}';\nexport { x };`;

describe('the web app layers (app → features → widgets → core → api → components/i18n/themes)', () => {
  it('allows imports down the layers and the typed hooks of src/app from anywhere', () => {
    const results = boundaryMessages([
      ['src/app/store.ts', importing('../core/session/sessionSlice')],
      ['src/app/replay/ReplayScreen.tsx', importing('../router/AppRouter')],
      ['src/features/files/FilesPage.tsx', importing('../../core/notifications/notificationsSlice')],
      ['src/features/files/list/FileTable.tsx', importing('../../../app/hooks')],
      ['src/core/session/sessionListeners.ts', importing('../../app/hooks')],
      ['src/core/session/bootstrapSession.ts', importing('../../api/auth')],
      ['src/widgets/server/ServerStateTag.tsx', importing('../../components/PanelCard')],
      ['src/widgets/server/InstallFailedPanel.tsx', importing('../../core/session/sessionSlice')],
      ['src/features/console/ConsolePage.tsx', importing('../../widgets/server/ServerStateTag')],
      ['src/api/baseQuery.ts', importing('../env')],
      ['src/components/PanelCard.tsx', importing('../themes/breakpoints')],
      ['src/api/serverSocket/useServerSocket.ts', importing('../../app/hooks')],
      ['src/main.tsx', importing('./app/store')],
    ]);
    expect(results).toEqual(results.map(() => []));
  }, 60_000);

  it('refuses upward imports, features importing each other and reaching into src/app', () => {
    const results = boundaryMessages([
      ['src/core/session/sessionSlice.ts', importing('../../features/auth/LoginPage')],
      ['src/features/auth/LoginPage.tsx', importing('../files/useFileNotices')],
      ['src/features/files/list/FileTable.tsx', "export * from '../../console/ConsolePage';"],
      ['src/core/app/appSlice.ts', importing('../../app/store')],
      ['src/features/config/ConfigPage.tsx', importing('../../app/router/AppRouter')],
      ['src/api/baseQuery.ts', importing('../core/session/tokenStorage')],
      ['src/components/PanelCard.tsx', importing('../api/servers')],
      ['src/i18n/i18n.ts', "const m = import('../core/locale/localeSlice');\nexport { m };"],
      ['src/themes/themes.ts', importing('../core/theme/themeSlice')],
      ['src/core/session/sessionSlice.ts', importing('../../widgets/server/ServerStateTag')],
      ['src/widgets/server/ServerStateTag.tsx', importing('../../features/console/ConsolePage')],
    ]);
    expect(results.map((messages) => messages.length)).toEqual(results.map(() => 1));
    const [coreToFeature, featureToFeature, reExport, coreToApp, featureToRouter, apiToCore, componentToApi, dynamic, themeToCore, coreToWidget, widgetToFeature] = results.map(
      (messages) => messages[0],
    );
    expect(coreToFeature).toMatch(/shared code \(src\/core\) does not import features \(auth\)/);
    expect(featureToFeature).toMatch(/features do not import each other \(auth → files\)/);
    expect(reExport).toMatch(/features do not import each other \(files → console\)/);
    expect(coreToApp).toMatch(/nothing outside src\/app imports src\/app but its typed hooks/);
    expect(featureToRouter).toMatch(/nothing outside src\/app imports src\/app but its typed hooks/);
    expect(apiToCore).toMatch(/\(src\/api → src\/core\)/);
    expect(componentToApi).toMatch(/\(src\/components → src\/api\)/);
    expect(dynamic).toMatch(/\(src\/i18n → src\/core\)/);
    expect(themeToCore).toMatch(/\(src\/themes → src\/core\)/);
    expect(coreToWidget).toMatch(/\(src\/core → src\/widgets\)/);
    expect(widgetToFeature).toMatch(/shared code \(src\/widgets\) does not import features \(console\)/);
  }, 60_000);
});
