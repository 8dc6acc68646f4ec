// Snapshots (create, restore), the transaction log (with revert) and one node's history.
import { TOPOLOGY, read, rpc, targets, mayInvoke, member, follow } from '/ui/rest.js';
import { h, badge, resultTable, status, diffList, pretty } from '/ui/dom.js';

export async function snapshotsPage(match, page) {
  page.append(h('h2', {}, 'Snapshots'));
  const body = await read(TOPOLOGY + 'snapshots?content=nonconfig');
  const topologies = member(body, 'topology') || [];
  const snapshots = (topologies[0] && topologies[0].node) || [];
  const output = h('div', { id: 'snapshot-result', 'aria-live': 'polite' });
  if (await mayInvoke('snapshot-manager:create-snapshot')) {
    const name = h('input', { id: 'snapshot-name', required: true, pattern: '[A-Za-z0-9._-]+' });
    const nodes = h('input', { id: 'snapshot-nodes', placeholder: 'R1, R2 (empty: every node)' });
    page.append(h('form', { class: 'toolbar', id: 'create-snapshot', onsubmit: async (event) => {
      event.preventDefault();
      const list = nodes.value.split(',').map((s) => s.trim()).filter(Boolean);
      try {
        const result = await rpc('snapshot-manager:create-snapshot',
          { 'snapshot-name': name.value, ...targets(list) });
        output.replaceChildren(resultTable(result, 'Snapshot ' + name.value));
        status('Snapshot ' + name.value + ': ' + (result['overall-status'] || ''));
      } catch (e) {
        output.replaceChildren(h('p', { class: 'error', role: 'alert' }, e.message));
      }
    } }, h('label', { for: 'snapshot-name' }, 'Name', name), h('label', { for: 'snapshot-nodes' }, 'Nodes', nodes),
    h('button', { type: 'submit' }, 'Create snapshot')));
  }
  const mayRestore = await mayInvoke('snapshot-manager:replace-config-with-snapshot');
  page.append(output, h('table', { id: 'snapshots' }, h('caption', { class: 'muted' }, 'Kept snapshots'),
    h('thead', {}, h('tr', {}, ['Snapshot', 'Created', 'Nodes', ''].map((t) => h('th', { scope: 'col' }, t)))),
    h('tbody', {}, snapshots.map((snapshot) => {
      const content = member(snapshot, 'snapshot') || {};
      const ids = (content.node || []).map((n) => n['node-id']);
      const restore = mayRestore ? h('button', { type: 'button', class: 'secondary', onclick: async () => {
        try {
          const result = await rpc('snapshot-manager:replace-config-with-snapshot',
            { 'snapshot-name': snapshot['node-id'], ...targets(ids) });
          output.replaceChildren(resultTable(result, 'Restored ' + snapshot['node-id']
            + ' as the intent: review and commit it on the Commit page'));
        } catch (e) {
          output.replaceChildren(h('p', { class: 'error', role: 'alert' }, e.message));
        }
      } }, 'Restore as intent') : null;
      return h('tr', { 'data-snapshot': snapshot['node-id'] }, h('td', {}, snapshot['node-id']),
        h('td', {}, content.created || '—'), h('td', {}, ids.join(', ')), h('td', {}, restore));
    }))));
  if (!snapshots.length) {
    page.append(h('p', { class: 'muted' }, 'No snapshots yet.'));
  }
  return null;
}

export async function logPage(match, page) {
  page.append(h('h2', {}, 'Transaction log'));
  const mayRevert = await mayInvoke('sextant-history:revert-changes');
  const output = h('div', { id: 'revert-result', 'aria-live': 'polite' });
  const live = h('span', { id: 'log-live', class: 'muted' }, 'Not following new commits');
  const table = h('div', { id: 'log-table' });
  page.append(h('p', { class: 'muted' }, 'Newest first. Revert makes the inverse of a commit the nodes\' intent; '
    + 'then review and commit it on the Commit page. ', live), output, table);
  const refresh = async () => {
    const body = await read('/rests/data/uniconfig-manager:transaction-log');
    const log = member(body, 'transaction-log') || {};
    table.replaceChildren(...logTable([...(log.transaction || [])].reverse(), mayRevert, output));
  };
  await refresh();
  // kept live by the sextant-commits event stream: each commit that ends reads the log again
  const stop = new AbortController();
  let pending = null;
  follow('sextant-commits', () => {
    if (!pending) {
      pending = setTimeout(() => {
        pending = null;
        refresh().catch(() => {});
      }, 250);
    }
  }, stop.signal, () => {
    live.textContent = 'Live (event stream)';
  }).catch(() => {}).finally(() => {
    if (!stop.signal.aborted) {
      live.textContent = 'Not following new commits (reload to see them)';
    }
  });
  return () => {
    stop.abort();
    clearTimeout(pending);
  };
}

/** The log's table (always there, for tests and assistive technology), and a note when it is empty. */
function logTable(entries, mayRevert, output) {
  const table = h('table', { id: 'log' }, h('caption', { class: 'muted' }, 'Commits'),
    h('thead', {}, h('tr', {}, ['Time', 'User', 'Operation', 'Status', 'Nodes', 'Error', '']
      .map((t) => h('th', { scope: 'col' }, t)))),
    h('tbody', {}, entries.map((entry) => h('tr', { 'data-transaction': entry['transaction-id'] },
      h('td', { title: entry['transaction-id'] }, entry.time || ''), h('td', {}, entry.user || ''),
      h('td', {}, entry.operation || ''), h('td', {}, badge(entry.status)),
      h('td', {}, (entry['target-nodes'] || []).join(', ')), h('td', {}, entry['error-message'] || ''),
      h('td', {}, mayRevert && entry.status === 'complete' ? h('button', { type: 'button', class: 'secondary',
        onclick: async () => {
          try {
            const result = await rpc('sextant-history:revert-changes',
              { 'transaction-id': [entry['transaction-id']] });
            output.replaceChildren(resultTable(result, 'Revert of ' + entry['transaction-id']));
          } catch (e) {
            output.replaceChildren(h('p', { class: 'error', role: 'alert' }, e.message));
          }
        } }, 'Revert') : null)))));
  return entries.length ? [table] : [table, h('p', { class: 'muted' }, 'No commits yet.')];
}

/**
 * One node's history (sextant-history): its points newest first, the configuration at one, and
 * the changes from one point to another.
 */
export async function nodeHistoryPage(id, page) {
  page.append(h('p', {}, h('a', { href: '#/node/' + encodeURIComponent(id) }, '← Node ' + id)),
    h('h2', {}, 'History of node ' + id));
  if (!await mayInvoke('sextant-history:list-history')) {
    page.append(h('p', { class: 'muted' }, 'You may not read the history.'));
    return null;
  }
  const listed = await rpc('sextant-history:list-history', { 'node-id': id });
  const points = [...(listed.point || [])].reverse();
  if (!points.length) {
    page.append(h('p', { class: 'muted' }, 'No commit has changed this node yet: its history starts at its first commit.'));
    return null;
  }
  const output = h('div', { id: 'history-result', 'aria-live': 'polite' });
  const [mayRead, mayCompare] = await Promise.all([mayInvoke('sextant-history:read-history'),
    mayInvoke('sextant-history:compare-history')]);
  const shown = async (what, call) => {
    try {
      output.replaceChildren(...await call());
      status(what);
    } catch (e) {
      output.replaceChildren(h('p', { class: 'error', role: 'alert' }, e.message));
    }
  };
  const choice = (name, tx, checked) => h('input', { type: 'radio', name, value: tx, checked,
    'aria-label': (name === 'from' ? 'Compare from ' : 'Compare to ') + tx });
  const rows = points.map((point, index) => {
    const tx = point['transaction-id'];
    const show = mayRead ? h('button', { type: 'button', class: 'secondary', onclick: () => shown(
      'Configuration after ' + tx, async () => {
        const read = await rpc('sextant-history:read-history', { 'node-id': id, 'transaction-id': tx });
        return [h('h3', {}, 'Configuration after commit ' + tx + ' (' + (read.time || '') + ')'),
          h('pre', { id: 'history-configuration', tabindex: '0' }, pretty(read.configuration || '{}'))];
      }) }, 'Show configuration') : null;
    return h('tr', { 'data-point': tx }, h('td', {}, h('code', {}, tx)), h('td', {}, point.time || '—'),
      h('td', {}, point['full-copy'] ? 'full copy' : 'changes'),
      mayCompare ? h('td', {}, choice('from', tx, index === 1)) : null,
      mayCompare ? h('td', {}, choice('to', tx, index === 0)) : null,
      h('td', {}, show));
  });
  const headings = ['Commit', 'Time', 'Kept as', ...(mayCompare ? ['From', 'To'] : []), ''];
  const table = h('table', { id: 'history' }, h('caption', { class: 'muted' }, 'Newest first'),
    h('thead', {}, h('tr', {}, headings.map((t) => h('th', { scope: 'col' }, t)))), h('tbody', {}, rows));
  if (mayCompare) {
    page.append(h('form', { id: 'compare-history', onsubmit: (event) => {
      event.preventDefault();
      const from = page.querySelector('input[name=from]:checked');
      const to = page.querySelector('input[name=to]:checked');
      if (!from || !to) {
        output.replaceChildren(h('p', { class: 'error', role: 'alert' }, 'Choose a point to compare from and one to compare to.'));
        return;
      }
      shown('Compared', async () => {
        const diff = await rpc('sextant-history:compare-history', { 'node-id': id,
          from: { 'transaction-id': from.value }, to: { 'transaction-id': to.value } });
        return [h('h3', { id: 'history-diff-title' }, 'From ' + from.value + ' to ' + to.value),
          h('p', { class: 'muted' }, '+ created, ~ changed, - deleted'),
          h('div', { id: 'history-diff' }, diffList({ ...diff, 'node-id': id },
            ['at ' + from.value, 'at ' + to.value], 'No differences between the two points.'))];
      });
    } }, table, h('p', {}, h('button', { type: 'submit', id: 'compare' }, 'Compare'))));
  } else {
    page.append(table);
  }
  page.append(output);
  return null;
}
