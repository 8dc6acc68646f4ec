// Sextant's operator page: plain ES module, no build step. It talks only to the public RESTCONF
// API of the controller that served it (/rests/...), with the credentials the user logged in with.
import { ApiError, login, logout, user, mayInvoke } from '/ui/rest.js';
import { devicesPage } from '/ui/devices.js';
import { nodePage } from '/ui/node.js';
import { commitPage } from '/ui/commit.js';
import { snapshotsPage, logPage } from '/ui/history.js';
import { h, status } from '/ui/dom.js';

const pages = [
  [/^#\/devices$/, devicesPage],
  [/^#\/node\/(.+)$/, (m, page) => nodePage(decodeURIComponent(m[1]), page)],
  [/^#\/commit$/, commitPage],
  [/^#\/snapshots$/, snapshotsPage],
  [/^#\/log$/, logPage],
];

let leave = null;
let generation = 0;

async function route() {
  if (leave) {
    leave();
    leave = null;
  }
  const current = ++generation;
  if (!user()) {
    showLogin();
    return;
  }
  document.getElementById('login').hidden = true;
  document.getElementById('nav').hidden = false;
  document.getElementById('who').hidden = false;
  document.getElementById('user').textContent = 'User ' + user();
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
      logout();
      showLogin('Your session is no longer accepted: log in again.');
      return;
    }
    page.replaceChildren(h('p', { class: 'error', role: 'alert' }, String(e.message || e)));
  }
}

function showLogin(message) {
  document.getElementById('nav').hidden = true;
  document.getElementById('who').hidden = true;
  document.getElementById('page').replaceChildren();
  const form = document.getElementById('login');
  form.hidden = false;
  document.getElementById('login-error').textContent = message || '';
  document.getElementById('login-user').focus();
}

document.getElementById('login').addEventListener('submit', async (event) => {
  event.preventDefault();
  const name = document.getElementById('login-user').value;
  const password = document.getElementById('login-password').value;
  const error = document.getElementById('login-error');
  error.textContent = '';
  try {
    await login(name, password);
    document.getElementById('login-password').value = '';
    document.getElementById('nav-commit').hidden = !(await mayInvoke('uniconfig-manager:commit'));
    if (!location.hash || location.hash === '#/') {
      location.hash = '#/devices';
    } else {
      route();
    }
  } catch (e) {
    error.textContent = e.message;
  }
});

document.getElementById('logout').addEventListener('click', () => {
  logout();
  route();
});

window.addEventListener('hashchange', route);
if (user()) {
  mayInvoke('uniconfig-manager:commit').then((may) => {
    document.getElementById('nav-commit').hidden = !may;
  }, () => {});
}
route();
status('');
