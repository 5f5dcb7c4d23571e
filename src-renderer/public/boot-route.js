// Runs before the first paint (a classic script in index.html's head): index.html
// paints the static login frame at once, which fits a start on the sign-in page
// in Chinese with the default colour and no session left from before. Any other
// start (a page of the console after a reload, a session that may still be signed
// in, English, a colour the user picked) shows the plain loading indicator
// instead, so the login frame never flashes before another page.
// The keys are those of src-renderer/stores/ui.ts and stores/session.ts.
(function () {
  function read(key) {
    try {
      return localStorage.getItem(key);
    } catch {
      return null; // storage refused: defaults
    }
  }
  var hash = location.hash;
  var signIn = hash === '' || hash === '#' || hash === '#/' || hash.indexOf('#/login') === 0;
  var lang = read('desk.language');
  var colour = read('desk.colour');
  var plain =
    signIn &&
    (!lang || lang === 'zh') &&
    (!colour || colour.toUpperCase() === '#2EA300') &&
    read('desk.permission') === null;
  if (!plain) document.documentElement.setAttribute('data-boot', 'loading');
})();
