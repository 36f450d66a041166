// Keeps web/ within the browsers families actually own (docs/architecture.md "Browsers"):
// syntax up to ES2019 (Chromium 69 parses it; ES2020's ?. and ?? are a SyntaxError there, a blank page),
// and no browser or ES API missing in the package.json browserslist (chrome >= 69, ios_saf >= 14).
const compat = require('eslint-plugin-compat');
const globals = require('globals');

module.exports = [
  { ignores: ['web/vendor/**'] },   // vendored as published (NoSleep.js, ES5 UMD)
  {
    files: ['web/**/*.js'],
    plugins: { compat },
    languageOptions: {
      ecmaVersion: 2019,
      sourceType: 'module',
      globals: { ...globals.browser },
    },
    settings: { lintAllEsApis: true },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'compat/compat': 'error',
      'no-undef': 'error',
      // eslint-plugin-compat checks globals and static calls; it cannot type `el.x()`, so instance
      // methods newer than the browserslist are named here (first Chromium / iOS Safari in the message).
      'no-restricted-properties': ['error', ...Object.entries({
        replaceChildren: 'Chromium 86', replaceAll: 'Chromium 85', at: 'Chromium 92, iOS 15.4',
        matchAll: 'Chromium 73', findLast: 'Chromium 97', findLastIndex: 'Chromium 97', toSorted: 'Chromium 110',
        toReversed: 'Chromium 110', hasOwn: 'Chromium 93', showModal: 'iOS 15.4', requestSubmit: 'Chromium 76, iOS 16',
        getAnimations: 'Chromium 84', allSettled: 'Chromium 76', any: 'Chromium 85', fromEntries: 'Chromium 73',
      }).map(([property, since]) => ({ property, message: `${property} needs ${since}.` }))],
      'no-restricted-globals': ['error', ...Object.entries({
        globalThis: 'Chromium 71', queueMicrotask: 'Chromium 71', structuredClone: 'Chromium 98',
        requestIdleCallback: 'iOS (never)', AggregateError: 'Chromium 85',
      }).map(([name, since]) => ({ name, message: `${name} needs ${since}.` }))],
      // Lookbehind and named groups parse in Chromium 69 but lookbehind is Safari 16.4+ (iOS 14 throws).
      'no-restricted-syntax': ['error',
        { selector: 'Literal[regex.pattern=/\\(\\?<[=!]/]', message: 'RegExp lookbehind is Safari 16.4+; iOS 14 throws.' }],
    },
  },
];
