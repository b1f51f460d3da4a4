import { act, screen } from '@testing-library/react';
import { authApi } from '../../../../src/api/auth';
import { useClearValidationOnLeave } from '../../../../src/core/validation/useClearValidationOnLeave';
import { useFieldErrors } from '../../../../src/core/validation/useFieldErrors';
import { selectValidationErrors } from '../../../../src/core/validation/validationSlice';
import { jsonResponse, mockFetch, type FetchMock } from '../../helpers/mockFetch';
import { renderWithProviders } from '../../renderWithProviders';

let fetchMock: FetchMock;
afterEach(() => fetchMock?.restore());

function FieldMessages({ field }: { field: string }) {
  const errors = useFieldErrors(field);
  return (
    <ul aria-label={field}>
      {errors.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}

function SignUpLikeScreen() {
  useClearValidationOnLeave();
  return (
    <>
      <FieldMessages field="username" />
      <FieldMessages field="email" />
    </>
  );
}

const invalid = { message: 'The given data was invalid.', errors: { username: ['This field is required'], email: ['Please enter a valid email'] } };

describe('validation hooks', () => {
  it('useFieldErrors shows each field its own list of server messages', async () => {
    fetchMock = mockFetch(() => jsonResponse(422, invalid));
    const { store } = renderWithProviders(<SignUpLikeScreen />);
    expect(screen.getByRole('list', { name: 'username' })).toBeEmptyDOMElement();

    await act(() => store.dispatch(authApi.endpoints.register.initiate({ body: { username: '', email: 'x', password: 'p', password_confirmation: 'p' } })));

    expect(screen.getByRole('list', { name: 'username' })).toHaveTextContent('This field is required');
    expect(screen.getByRole('list', { name: 'email' })).toHaveTextContent('Please enter a valid email');
  });

  it('useClearValidationOnLeave clears the errors when the screen is left', () => {
    const { store, unmount } = renderWithProviders(<SignUpLikeScreen />, { preloadedState: { validation: { errors: invalid.errors, form: null } } });
    expect(screen.getByRole('list', { name: 'email' })).toHaveTextContent('Please enter a valid email');
    unmount();
    expect(selectValidationErrors(store.getState())).toEqual({});
  });
});
