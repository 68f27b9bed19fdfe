import { describe } from 'vitest';
import { keyStoreContract } from '../../test/support/key-store-contract.ts';
import { MemoryKeyStore } from './memory-key-store.ts';

describe('MemoryKeyStore', () => {
  const store = new MemoryKeyStore();
  let n = 0;
  keyStoreContract(() => store, (label) => `${label}-${(n += 1)}`);
});
