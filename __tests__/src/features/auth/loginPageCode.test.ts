import { loadedWith } from '../../helpers/staticImports';

/*
 * The log-in page is what every visitor loads first: the start-up code (app/startPanel), the guest
 * layout and the page itself. What only comes later stays out of it, loaded when it is needed.
 */
const loginPath = [...loadedWith('src/app/startPanel.tsx', 'src/features/auth/LoginPage.tsx')];
const anyEndsWith = (suffix: string) => loginPath.some((name) => name.endsWith(suffix));

describe('the log-in page’s code', () => {
  it('draws its icons from their SVG data, without antd’s icon components and their style utilities', () => {
    expect(loginPath.filter((name) => name === '@ant-design/icons' || name.startsWith('@ant-design/icons/'))).toEqual([]);
    // The walk did reach the form's controls that show icons.
    expect(anyEndsWith('components/form/PasswordInput.tsx')).toBe(true);
    expect(anyEndsWith('components/form/PanelButton.tsx')).toBe(true);
  });

  it('does not carry the account page’s endpoints (the session listeners match them by name)', () => {
    expect(anyEndsWith('core/session/sessionListeners.ts')).toBe(true);
    expect(loginPath.filter((name) => name.endsWith('api/account.ts') || name.endsWith('generated/account.gen.ts'))).toEqual([]);
  });

  it('loads the two-factor step only for an account that needs it', () => {
    expect(anyEndsWith('features/auth/PasswordStep.tsx')).toBe(true);
    expect(loginPath.filter((name) => name.endsWith('TwoFactorStep.tsx') || name.endsWith('PasskeySecondFactorButton.tsx'))).toEqual([]);
  });
});
