/** Marks the app usable for end-to-end tests: <body data-app-state="ready">. */
export function markReady(): void {
  document.body.dataset.appState = 'ready';
}
