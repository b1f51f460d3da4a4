import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

// Any props, as React.lazy itself accepts: each page keeps its own props' type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

/** A lazily loaded component whose code can be requested before it renders. */
export type PreloadableComponent<Component extends AnyComponent> = LazyExoticComponent<Component> & {
  /** Starts loading the component's code (once); rendering it later reuses that request. */
  preload: () => Promise<unknown>;
  /** The name of the chunk its code is built into (webpackChunkName), when it has one. */
  chunk?: string;
};

/**
 * `React.lazy` plus `preload()`, for pages and for dialogs fetched before they open. At start-up the page for the address the panel opens on is
 * requested at once, side by side with the current user and the dictionary, instead of after them
 * (the guards render the page only once the session is known). A failed load is forgotten, so a
 * later attempt asks again. `chunk` names the chunk `load` imports (its webpackChunkName).
 */
export function lazyPage<Component extends AnyComponent>(load: () => Promise<{ default: Component }>, chunk?: string): PreloadableComponent<Component> {
  let loading: Promise<{ default: Component }> | undefined;
  let loaded: { default: Component } | undefined;
  const loadOnce = () => {
    loading ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  // React.lazy cannot see that a promise has already settled: given one, it suspends the render
  // in which the component first appears, even when the code was preloaded long before. In a
  // synchronous render (a store update) that commits the Suspense fallback, and React then holds
  // the component back for up to 300 ms after that fallback. Code that has already loaded is
  // handed over by a thenable that answers at once, so the component renders in the same pass.
  const forReact = () => (loaded ? settled(loaded) : loadOnce());
  return Object.assign(lazy(forReact), { preload: loadOnce, chunk });
}

/** A thenable that calls back at once with `value` (React reads it synchronously). */
function settled<Value>(value: Value): Promise<Value> {
  const thenable = { status: 'fulfilled', value, then: (onFulfilled: (value: Value) => unknown) => onFulfilled(value) };
  return thenable as unknown as Promise<Value>;
}

/** The `preload` of a lazily loaded component, if it has one. */
export function preloadOf(component: unknown): (() => Promise<unknown>) | undefined {
  const preload = (component as { preload?: unknown } | null)?.preload;
  return typeof preload === 'function' ? (preload as () => Promise<unknown>) : undefined;
}
