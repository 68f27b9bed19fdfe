// @econdata/core/node: the Node-only pieces (file-backed cache and quota store). Not for browsers.
export { FileQuotaStore } from './quota-file-store.ts';
export { FileCacheStore } from './file-cache.ts';
export { saveExport } from './export-file.ts';
export { writeFileAtomic, isTempFile, removeStaleTempFiles } from './atomic-file.ts';
