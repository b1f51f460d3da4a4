import { appSlice, initialised, loaderFinished, loaderStarted, selectInitialised, selectIsLoading, selectLoaders } from '../../../../src/core/app/appSlice';

const root = (app: ReturnType<typeof appSlice.reducer>) => ({ app });

describe('the app slice', () => {
  it('starts not initialised, with no loaders', () => {
    const state = appSlice.reducer(undefined, { type: 'init' });
    expect(state).toEqual({ initialised: false, loaders: 0 });
    expect(selectIsLoading(root(state))).toBe(false);
  });

  it('counts loaders up and down, never below 0', () => {
    let state = appSlice.reducer(undefined, loaderStarted());
    state = appSlice.reducer(state, loaderStarted());
    expect(selectLoaders(root(state))).toBe(2);
    expect(selectIsLoading(root(state))).toBe(true);
    for (let i = 0; i < 4; i += 1) state = appSlice.reducer(state, loaderFinished());
    expect(selectLoaders(root(state))).toBe(0);
  });

  it('is marked initialised', () => {
    expect(selectInitialised(root(appSlice.reducer(undefined, initialised())))).toBe(true);
  });
});
