// The full Drizzle schema, one module per feature under schema/.
export * from './schema/users';
export * from './schema/performers';
export * from './schema/settings';
export * from './schema/social';
export * from './schema/site-promos';
