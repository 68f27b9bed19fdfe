// @econdata/core/node: the Node-only pieces (file-backed cache and quota store). Not for browsers.
export * from './quota-file-store.ts';
export { FileCacheStore } from './file-cache.ts';
export { saveExport, type SavedExport, type SaveExportOptions } from './export-file.ts';
export { writeFileAtomic, tempPathFor, isTempFile, removeStaleTempFiles, type AtomicWriteOptions } from './atomic-file.ts';
