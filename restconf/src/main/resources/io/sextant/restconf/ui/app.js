// Sextant's operator page: plain ES module, no build step. It talks only to the public RESTCONF
// API of the controller that served it (/rests/...), with the credentials the browser asked the
// user for when the page was opened (HTTP Basic, the browser's own dialog) and keeps sending.
import { ApiError, logout, user, mayInvoke, whenUnauthorized } from '/ui/rest.js';
import { devicesPage } from '/ui/devices.js';
import { nodePage } from '/ui/node.js';
import { commitPage } from '/ui/commit.js';
import { snapshotsPage, logPage, nodeHistoryPage } from '/ui/history.js';
import { h, status } from '/ui/dom.js';

const pages = [
  [/^#\/devices$/, devicesPage],
  [/^#\/node\/(.+)$/, (m, page) => nodePage(decodeURIComponent(m[1]), page)],
  [/^#\/history\/(.+)$/, (m, page) => nodeHistoryPage(decodeURIComponent(m[1]), page)],
  [/^#\/commit$/, commitPage],
  [/^#\/snapshots$/, snapshotsPage],
  [/^#\/log$/, logPage],
];

let leave = null;
let generation = 0;
let signedOut = false;

async function route() {
  if (leave) {
    leave();
    leave = null;
  }
  const current = ++generation;
  if (signedOut) {
    return;
  }
  const hash = location.hash || '#/devices';
  for (const link of document.querySelectorAll('#nav a')) {
    if (link.getAttribute('href') === hash) {
      link.setAttribute('aria-current', 'page');
    } else {
      link.removeAttribute('aria-current');
    }
  }
  const found = pages.find(([pattern]) => pattern.test(hash));
  // each visit renders into a container of its own: a slower earlier visit writes into a detached one
  const page = document.createElement('div');
  document.getElementById('page').replaceChildren(page);
  if (!found) {
    location.hash = '#/devices';
    return;
  }
  try {
    const stop = await found[1](hash.match(found[0]), page) || null;
    if (current === generation) {
      leave = stop;
    } else if (stop) {
      stop();
    }
  } catch (e) {
    if (current !== generation) {
      return;
    }
    if (e instanceof ApiError && e.status === 401) {
      return;
    }
    page.replaceChildren(h('p', { class: 'error', role: 'alert' }, String(e.message || e)));
  }
}

/** Stops the page (no request goes out any more) and offers to log in again, which reloads it. */
function signOut(message) {
  signedOut = true;
  ++generation;
  if (leave) {
    leave();
    leave = null;
  }
  document.getElementById('nav').hidden = true;
  document.getElementById('who').hidden = true;
  document.getElementById('page').replaceChildren();
  document.getElementById('signed-out-message').textContent = message;
  document.getElementById('signed-out').hidden = false;
  document.getElementById('log-in-again').focus();
}

// any request answered 401 (a refresh, the event stream, a click) stops the page
whenUnauthorized(() => {
  if (!signedOut) {
    signOut('The controller no longer accepts the user and password the browser sent (was the password changed?).');
  }
});

document.getElementById('logout').addEventListener('click', async () => {
  signOut('Logging out…');
  await logout();
  document.getElementById('signed-out-message').textContent = 'Logged out: the page told the browser to forget'
    + ' your user and password (Chromium does; a browser that keeps them forgets them when it is closed).';
});

async function start() {
  // the page's own reads go out at once, beside the user's name and the Commit link's check (a
  // request answered 401 stops the page, whichever it is)
  window.addEventListener('hashchange', route);
  route();
  const commitAllowed = mayInvoke('uniconfig-manager:commit').catch(() => true);
  let name;
  try {
    name = await user();
  } catch (e) {
    signOut(e instanceof ApiError && e.status === 401
      ? 'The controller does not accept the user and password the browser sent.' : String(e.message || e));
    return;
  }
  // when the check fails, the Commit page says what went wrong
  document.getElementById('nav-commit').hidden = !(await commitAllowed);
  document.getElementById('nav').hidden = false;
  document.getElementById('who').hidden = false;
  document.getElementById('user').textContent = 'User ' + name;
}

start();
status('');
