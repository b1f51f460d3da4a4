import { Suspense, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { lazyPage } from '../../../src/components/lazyPage';

function Page() {
  return <p>The page</p>;
}

/** Renders `Lazy` under a Suspense boundary in one synchronous pass, as a store update does. */
function renderAtOnce(root: Root, Lazy: ComponentType) {
  flushSync(() =>
    root.render(
      <Suspense fallback={<p>Loading</p>}>
        <Lazy />
      </Suspense>,
    ),
  );
}

describe('a lazily loaded page', () => {
  let container: HTMLElement;
  beforeEach(() => {
    container = document.body.appendChild(document.createElement('div'));
  });
  afterEach(() => container.remove());

  // A synchronous render (as a store update makes) that meets a page still suspending commits the
  // fallback, and React then holds the page back for a while after it.
  it('renders in the first pass once its code has loaded, without a fallback', async () => {
    const LoadedPage = lazyPage(() => Promise.resolve({ default: Page }));
    await LoadedPage.preload();
    const root = createRoot(container);
    renderAtOnce(root, LoadedPage);
    expect(container.textContent).toBe('The page');
    flushSync(() => root.unmount());
  });

  it('shows the fallback while its code loads, then the page', async () => {
    let loaded: (module: { default: typeof Page }) => void = () => undefined;
    const LoadingPage = lazyPage(() => new Promise<{ default: typeof Page }>((resolve) => (loaded = resolve)));
    const root = createRoot(container);
    renderAtOnce(root, LoadingPage);
    expect(container.textContent).toBe('Loading');
    loaded({ default: Page });
    await LoadingPage.preload();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(container.textContent).toBe('The page');
    flushSync(() => root.unmount());
  });
});
