/** Every table of the panel. Each area adds its own file here. */
export * from './users';
export * from './tokens';
export * from './audit';
export * from './games';
export * from './plans';
export * from './nodes';
export * from './servers';
export * from './serverPermissions';
export * from './serverRoles';
export * from './adminApiKeys';
export * from './loginTokens';
export * from './passwordResets';
export * from './backups';
export * from './schedules';
export * from './network';
export * from './databases';
export * from './planOrders';
