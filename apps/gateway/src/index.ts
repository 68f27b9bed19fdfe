// @econdata/gateway: the team gateway, for tests and benchmarks that start instances in-process
// (`pnpm gateway`, src/cli.ts, is the command).
export { startGateway, type Gateway } from './gateway.ts';
export { RedisState } from './state/redis-state.ts';
export { addUser } from './users.ts';
export { MemoryState } from './state/memory-state.ts';
export type { AuditEntry } from './audit.ts';
