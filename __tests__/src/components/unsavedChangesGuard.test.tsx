import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Link, Route, Routes, useNavigate } from 'react-router-dom';
import { useUnsavedChangesGuard } from '../../../src/components/useUnsavedChangesGuard';
import { currentLocation } from '../helpers/renderApp';
import { LocationProbe } from '../helpers/LocationProbe';
import { pressBack, renderInBrowserRouter } from '../helpers/renderInBrowserRouter';
import { renderWithProviders } from '../renderWithProviders';

configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(30_000);

/** A page with text that counts as unsaved until "Save" is pressed. */
function NotesPage() {
  const [saved, setSaved] = useState('first draft');
  const [text, setText] = useState(saved);
  const { contextHolder } = useUnsavedChangesGuard(text !== saved);
  const navigate = useNavigate();
  return (
    <>
      <textarea aria-label="Notes" value={text} onChange={(event) => setText(event.target.value)} />
      <button type="button" onClick={() => setSaved(text)}>
        Save
      </button>
      <button type="button" onClick={() => navigate('/elsewhere')}>
        Leave by code
      </button>
      <button type="button" onClick={() => navigate('/notes#top', { replace: true })}>
        Same page
      </button>
      <Link to="/elsewhere">Elsewhere</Link>
      {contextHolder}
    </>
  );
}

const routes = (
  <>
    <Routes>
      <Route path="/" element={<Link to="/notes">Open the notes</Link>} />
      <Route path="/notes" element={<NotesPage />} />
      <Route path="/elsewhere" element={<Link to="/notes">Back to the notes</Link>} />
    </Routes>
    <LocationProbe />
  </>
);

/** Opens the notes from the start page (a push, as a click in the panel does) and types into them. */
async function openAndEdit() {
  const user = userEvent.setup();
  renderInBrowserRouter(routes, { route: '/' });
  await user.click(screen.getByRole('link', { name: 'Open the notes' }));
  await user.type(screen.getByRole('textbox', { name: 'Notes' }), ' with more');
  return user;
}

const question = () => screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
const notes = () => screen.getByRole('textbox', { name: 'Notes' });

describe('the unsaved changes guard', () => {
  it('asks on the browser’s Back: cancelling stays with the text kept, confirming leaves', async () => {
    const user = await openAndEdit();
    pressBack();
    const ask = await question();
    expect(ask).toHaveTextContent('Your changes are not saved.');
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(currentLocation()).toBe('/notes');
    expect(window.location.pathname).toBe('/notes');
    expect(notes()).toHaveValue('first draft with more');

    pressBack();
    await user.click(within(await question()).getByRole('button', { name: 'Discard changes' }));
    expect(await screen.findByRole('link', { name: 'Open the notes' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/');
    expect(window.location.pathname).toBe('/');
  });

  it('asks on Forward too, keeping the entries ahead', async () => {
    const user = userEvent.setup();
    renderInBrowserRouter(routes, { route: '/' });
    await user.click(screen.getByRole('link', { name: 'Open the notes' }));
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    pressBack();
    await user.type(await screen.findByRole('textbox', { name: 'Notes' }), '!');
    window.history.forward();
    await user.click(within(await question()).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(window.location.pathname).toBe('/notes'));
    expect(notes()).toHaveValue('first draft!');
    window.history.forward();
    await user.click(within(await question()).getByRole('button', { name: 'Discard changes' }));
    expect(await screen.findByRole('link', { name: 'Back to the notes' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/elsewhere');
  });

  it('asks before links and navigate() leave, not for the same page', async () => {
    const user = await openAndEdit();
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await user.click(within(await question()).getByRole('button', { name: 'Keep editing' }));
    expect(currentLocation()).toBe('/notes');
    await user.click(screen.getByRole('button', { name: 'Same page' }));
    expect(window.location.hash).toBe('#top');
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Leave by code' }));
    await user.click(within(await question()).getByRole('button', { name: 'Discard changes' }));
    expect(await screen.findByRole('link', { name: 'Back to the notes' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/elsewhere');
  });

  it('is released once saved, and keeps the browser’s own warning while there are changes', async () => {
    const user = await openAndEdit();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(unload()).toBe(false);
    pressBack();
    expect(await screen.findByRole('link', { name: 'Open the notes' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('leaves a MemoryRouter alone on popstate, and still guards its links', async () => {
    const user = userEvent.setup();
    window.history.replaceState(null, '', '/unrelated');
    renderWithProviders(routes, { route: '/notes' });
    await user.type(notes(), '?');
    act(() => {
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await question()).toBeInTheDocument();
    expect(currentLocation()).toBe('/notes');
  });
});
