/** Marks the app usable for end-to-end tests: <body data-app-state="ready">, and a performance mark for the benchmark. */
export function markReady(): void {
  if (document.body.dataset.appState === 'ready') return;
  document.body.dataset.appState = 'ready';
  performance.mark('app-ready');
}
