// What `use-sync-external-store/shim` resolves to in every part (createConfig.mjs): React 18 and later have
// useSyncExternalStore built in, and the shim (a fallback for React 17, pulled in by react-i18next) only hands it
// on after a version check. React's own, without the shim's code.
export { useSyncExternalStore } from 'react';
