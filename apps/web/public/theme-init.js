/* global document, location */
// Applies the signed-in user's theme before first paint (no inline script: the CSP is default-src 'self').
// The only state kept locally is redux-persist's auth state under the key "root".
(function () {
  try {
    var root = JSON.parse(localStorage.getItem('persist:root') || '{}');
    var auth = root.auth ? JSON.parse(root.auth) : null;
    var html = document.documentElement;
    if (auth && auth.isAuthenticated && auth.user && auth.user.theme === 'dark') {
      html.classList.add('dark');
    }
    // Signed in: index.html's frame of the shell is painted at once, before the app's script arrives.
    if (auth && auth.isAuthenticated && !/^\/auth(\/|$)/.test(location.pathname)) {
      html.classList.add('boot-signed-in');
      if (auth.user && auth.user.sidebar_collapsed) html.classList.add('boot-sidebar-collapsed');
    }
    // Signed in: start Intl (its first use costs 10 ms or more: the locale data) while the app's script is
    // still downloading, so the first list drawn with dates does not pay for it (docs/performance.md).
    if (auth && auth.isAuthenticated && typeof Intl === 'object') {
      new Intl.DateTimeFormat(undefined, {
        dateStyle: 'medium',
        timeZone: (auth.user && auth.user.time_zone) || undefined,
      }).format(0);
    }
  } catch {
    /* ignore: no storage or bad data */
  }
})();
