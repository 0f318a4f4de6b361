export * from './errors.ts';
export * from './envelope.ts';
export * from './messages.ts';
export * from './session.ts';
export * from './site.ts';
