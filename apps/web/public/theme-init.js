/* global document */
// Applies the signed-in user's theme before first paint (no inline script: the CSP is default-src 'self').
// The only state kept locally is redux-persist's auth state under the key "root".
(function () {
  try {
    var root = JSON.parse(localStorage.getItem('persist:root') || '{}');
    var auth = root.auth ? JSON.parse(root.auth) : null;
    if (auth && auth.isAuthenticated && auth.user && auth.user.theme === 'dark') {
      document.documentElement.classList.add('dark');
    }
  } catch {
    /* ignore: no storage or bad data */
  }
})();
