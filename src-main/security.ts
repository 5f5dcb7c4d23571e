// The console page's Content-Security-Policy, one definition for the Electron
// window (response header) and the browser-mode host. src-renderer/index.html
// carries the same policy as a meta tag for pages loaded from file://.

export const PAGE_CSP = [
  "default-src 'self'",
  "img-src 'self' data: blob:",
  "style-src 'self' 'unsafe-inline'",
  "script-src 'self'",
  "connect-src 'self'",
  // /myiframe/{routerPath}: external pages of the menu, in a sandboxed frame
  'frame-src http: https:',
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');
