/** Every table of the panel. Each area adds its own file here. */
export * from './users';
export * from './tokens';
export * from './audit';
