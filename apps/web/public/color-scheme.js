// Applies the stored colour scheme before the first paint, so dark mode never flashes light.
// A file, not an inline script: the server's Content-Security-Policy allows scripts from 'self' only.
// Keep the key in step with STORAGE_KEYS.colorScheme (src/lib/storage.ts).
(() => {
  let scheme = 'light';
  try {
    const stored = window.localStorage.getItem('heed.color-scheme');
    const dark = window.matchMedia('(prefers-color-scheme: dark)').matches;
    scheme = stored === 'light' || stored === 'dark' ? stored : dark ? 'dark' : 'light';
  } catch {
    // Storage or matchMedia unavailable: light it is.
  }
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
})();
