// @econdata/keychain: API keys in the OS keychain, and the connection profiles around them (Node and
// Electron main only: keytar is a native module; it is imported lazily, on first use).
export { isKeychainError, KeychainUnavailableError, type KeychainErrorCode } from './errors.ts';
export { type KeyStore } from './store/key-store.ts';
export { MemoryKeyStore } from './store/memory-key-store.ts';
export { KeytarKeyStore } from './store/keytar-key-store.ts';
export { PROFILE_KINDS, SANDBOX_PROFILE, sandboxDemoKey, type Profile, type ProfileKind } from './profiles/profile.ts';
export { nameProblem, PROFILE_NAME_FORM } from './profiles/profile-name.ts';
export { ENV_KEY, type KeyDescription } from './profiles/key-status.ts';
export { ProfileManager } from './profiles/profile-manager.ts';
export { type VerifyKey } from './verify/verify-key.ts';
