export * from './errors.js';
export * from './constants.js';
export * from './permissions.js';
export * from './enums/index.js';
export * from './schemas/common.js';
export * from './schemas/auth.js';
export * from './schemas/portal.js';
export * from './schemas/directory.js';
