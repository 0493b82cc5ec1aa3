// The full Drizzle schema, one module per feature under schema/.
export * from './schema/users';
export * from './schema/performers';
export * from './schema/settings';
export * from './schema/social';
export * from './schema/site-promos';
export * from './schema/media';
export * from './schema/content-common';
export * from './schema/feeds';
export * from './schema/galleries';
export * from './schema/videos';
export * from './schema/products';
export * from './schema/engagement';
export * from './schema/entitlements';
export * from './schema/ledger';
export * from './schema/payments';
export * from './schema/commerce';
export * from './schema/messaging';
