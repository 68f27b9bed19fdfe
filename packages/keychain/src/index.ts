// @econdata/keychain: API keys in the OS keychain, and the connection profiles around them (Node and
// Electron main only: keytar is a native module; it is imported lazily, on first use).
export * from './errors.ts';
export { maskKey, maskKeyIn, lastFour } from './mask.ts';
export { KEYCHAIN_SERVICE, type KeyStore } from './store/key-store.ts';
export { MemoryKeyStore } from './store/memory-key-store.ts';
export { KeytarKeyStore, type KeytarKeyStoreOptions, type KeytarModule } from './store/keytar-key-store.ts';
export {
  SANDBOX_PROFILE,
  sandboxDemoKey,
  isLoopback,
  type Profile,
  type ProfileInput,
  type ProfileChanges,
} from './profiles/profile.ts';
export { nameProblem, PROFILE_NAME_FORM } from './profiles/profile-name.ts';
export { SETTINGS_VERSION, type Settings } from './profiles/settings-schema.ts';
export { SettingsFile, defaultSettings, defaultSettingsPath, type SettingsStore } from './profiles/settings-file.ts';
export { ENV_KEY, DEFAULT_ROTATION_DAYS, type KeyDescription, type KeySource } from './profiles/key-status.ts';
export { ProfileManager, type ProfileManagerOptions } from './profiles/profile-manager.ts';
export { verifyKeyWithClient, type VerifyKey } from './verify/verify-key.ts';
