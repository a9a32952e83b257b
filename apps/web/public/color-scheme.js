// Applies the stored colour scheme before the first paint, so dark mode never flashes light.
// A file, not an inline script: the server's Content-Security-Policy allows scripts from 'self' only.
// Reads the browser's preference object (spec §3: `{"darkmode": true|false}` under STORAGE_KEYS.preferences,
// src/lib/browser-preferences.ts); no flag follows the system's scheme.
(() => {
  let darkmode = null;
  try {
    const preferences = JSON.parse(window.localStorage.getItem('heed.preferences') || '{}');
    if (preferences && typeof preferences.darkmode === 'boolean') darkmode = preferences.darkmode;
  } catch {
    // Storage unavailable or no JSON: no preference.
  }
  let systemDark = false;
  try {
    systemDark = window.matchMedia('(prefers-color-scheme: dark)').matches;
  } catch {
    // No matchMedia: light.
  }
  document.documentElement.setAttribute('data-mantine-color-scheme', (darkmode ?? systemDark) ? 'dark' : 'light');
})();
