import { createContext, type ComponentType } from 'react';

/**
 * The panel's router component, handed to the support replay screen by the router itself
 * (AppRouter provides it). The replay screen renders the customer's panel with it but never
 * imports it, so router → replay page → router is no import cycle.
 */
export const ReplayRouterContext = createContext<ComponentType | null>(null);
