import { sanitizeAction, sanitizeState } from '../../../src/app/devTools';
import { REDACTED, redactSecrets } from '../../../src/app/redactSecrets';

describe('DevTools sanitizers', () => {
  it('hide the token of session/tokenReceived', () => {
    expect(sanitizeAction({ type: 'session/tokenReceived', payload: 'tok-abc' })).toEqual({ type: 'session/tokenReceived', payload: REDACTED });
  });

  it('hide passwords, tokens and codes in request actions', () => {
    const action = {
      type: 'api/executeMutation/fulfilled',
      payload: { data: { complete: true, token: 'tok-abc', user: { username: 'steve', whmcs_user_token: 'w' } } },
      meta: { arg: { originalArgs: { body: { login: 'steve', password: 'hunter22', code: '123456', authentication_code: '654321' } } } },
    };
    const clean = sanitizeAction(action);
    expect(JSON.stringify(clean)).not.toMatch(/tok-abc|hunter22|123456|654321|"w"/);
    expect(clean.meta.arg.originalArgs.body.login).toBe('steve');
    expect(clean.payload.data.user.username).toBe('steve');
    // The original action is untouched.
    expect(action.meta.arg.originalArgs.body.password).toBe('hunter22');
  });

  it('hide secrets in the API cache but keep language codes readable', () => {
    const state = {
      locale: { code: 'de', languages: [{ code: 'de', showInSelect: true }], direction: 'ltr' },
      api: { mutations: { x: { originalArgs: { body: { code: '123456', password: 'p' } }, data: { data: { recovery_codes: ['a', 'b'], secret: 'S' } } } } },
    };
    const clean = sanitizeState(state);
    expect(clean.locale).toEqual(state.locale);
    expect(JSON.stringify(clean.api)).not.toMatch(/123456|"p"|"a"|"S"/);
  });

  it('leave other actions as they are', () => {
    const action = { type: 'locale/changed', payload: 'de' };
    expect(sanitizeAction(action)).toEqual(action);
    expect(redactSecrets({ password: null })).toEqual({ password: null });
  });
});
