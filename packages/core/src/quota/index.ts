export { openGate, type RequestGate, type RequestPermit, type RequestPriority, type ServerUsageHint } from './gate.ts';
export { isPlanName, PLAN_NAMES, planFromLimits, type PlanName } from './plans.ts';
export { BrowserQuotaStore, MemoryQuotaStore, type QuotaStore } from './store.ts';
export { quotaKeyId } from './key-id.ts';
export { type QuotaStatus, type QuotaWindowStatus } from './status.ts';
export { QuotaLedger } from './ledger.ts';
export { IndexedDbQuotaStore } from './indexeddb-store.ts';
export { emptyLog, readStoredLog, recoveryNote, salvagedLog, type QuotaLog } from './log.ts';
