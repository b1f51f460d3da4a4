import { accountApi } from '../../../../src/api/account';
import { authApi } from '../../../../src/api/auth';
import { makeStore } from '../../../../src/app/store';
import { selectFieldErrors, selectValidationErrors, validationFailed } from '../../../../src/core/validation/validationSlice';
import { deferredResponse, jsonResponse, mockFetch, type FetchMock } from '../../helpers/mockFetch';

let fetchMock: FetchMock;
afterEach(() => fetchMock?.restore());

const invalid = {
  message: 'The given data was invalid.',
  errors: { username: ['This field is required'], email: ['Please enter a valid email', 'The email has already been taken.'] },
};
const register = { body: { username: '', email: 'x', password: 'password1', password_confirmation: 'password1' } };

describe('server validation errors', () => {
  it('are stored per field when the server answers 422', async () => {
    fetchMock = mockFetch(() => jsonResponse(422, invalid));
    const store = makeStore();
    await store.dispatch(authApi.endpoints.register.initiate(register));

    expect(selectFieldErrors(store.getState(), 'username')).toEqual(['This field is required']);
    expect(selectFieldErrors(store.getState(), 'email')).toEqual(['Please enter a valid email', 'The email has already been taken.']);
    expect(selectFieldErrors(store.getState(), 'password')).toEqual([]);
  });

  it('are cleared as soon as the next request starts', async () => {
    const answer = deferredResponse();
    fetchMock = mockFetch(() => answer.promise);
    const store = makeStore({ validation: { errors: { username: ['This field is required'] }, form: null } });

    const request = store.dispatch(authApi.endpoints.register.initiate(register));
    expect(selectValidationErrors(store.getState())).toEqual({});

    answer.resolve(jsonResponse(201, { data: { complete: false } }));
    await request;
  });

  it('are cleared by a request of any endpoint, queries included', async () => {
    fetchMock = mockFetch(() => jsonResponse(200, { data: [] }));
    const store = makeStore();
    store.dispatch(validationFailed({ email: ['Please enter a valid email'] }));
    await store.dispatch(accountApi.endpoints.listAccountSessions.initiate());
    expect(selectValidationErrors(store.getState())).toEqual({});
  });

  it.each([400, 403, 500])('are not set by a %i answer', async (status) => {
    fetchMock = mockFetch(() => jsonResponse(status, { message: 'Nope', errors: { username: ['not a 422'] } }));
    const store = makeStore();
    await store.dispatch(authApi.endpoints.register.initiate(register));
    expect(selectValidationErrors(store.getState())).toEqual({});
  });

  it('keep only well-formed messages of a 422 answer', async () => {
    fetchMock = mockFetch(() => jsonResponse(422, { message: 'Invalid', errors: { username: ['Too short', 3], email: 'not a list' } }));
    const store = makeStore();
    await store.dispatch(authApi.endpoints.register.initiate(register));
    expect(selectValidationErrors(store.getState())).toEqual({ username: ['Too short'] });
  });
});
