// Electron's safeStorage as the SafeStorageLike of src-main/services/SecretStorage.ts
// (type-checked only here: Electron does not run on this machine). Use after app ready.

import { safeStorage } from 'electron';
import type { SafeStorageLike } from '../services/SecretStorage';

export const electronSafeStorage: SafeStorageLike = {
  isEncryptionAvailable: () => safeStorage.isEncryptionAvailable(),
  // only Linux has a choice of backends (basic_text = a hard-coded key, no protection)
  getSelectedStorageBackend: () => (process.platform === 'linux' ? safeStorage.getSelectedStorageBackend() : 'os'),
  encryptString: (plainText) => safeStorage.encryptString(plainText),
  decryptString: (encrypted) => safeStorage.decryptString(encrypted),
};
