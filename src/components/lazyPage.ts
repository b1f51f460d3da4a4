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
  const loadOnce = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return Object.assign(lazy(loadOnce), { preload: loadOnce, chunk });
}

/** The `preload` of a lazily loaded component, if it has one. */
export function preloadOf(component: unknown): (() => Promise<unknown>) | undefined {
  const preload = (component as { preload?: unknown } | null)?.preload;
  return typeof preload === 'function' ? (preload as () => Promise<unknown>) : undefined;
}
