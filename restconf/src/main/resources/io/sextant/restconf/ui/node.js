// One node: intended and actual configuration side by side, the diff (calculate-diff) and the
// dry-run payload (dry-run-commit: what the device would receive).
import { TOPOLOGY, read, rpc, targets, mayInvoke } from '/ui/rest.js';
import { h, pretty, diffList, nodeResults, badge, status } from '/ui/dom.js';

/** An edit-config one element a line, indented (the CLI lines stay as they are). */
function readable(payload) {
  if (!payload.startsWith('<')) {
    return payload;
  }
  let depth = 0;
  return payload.replace(/>\s*</g, '>\n<').split('\n').map((line) => {
    if (line.startsWith('</')) {
      depth = Math.max(0, depth - 1);
    }
    const indented = '  '.repeat(depth) + line;
    if (/^<[^!?/]/.test(line) && !line.endsWith('/>') && !/<\/[^>]+>$/.test(line)) {
      depth += 1;
    }
    return indented;
  }).join('\n');
}

export async function nodePage(id, page) {
  const base = TOPOLOGY + 'uniconfig/node=' + encodeURIComponent(id) + '/uniconfig-topology:configuration';
  page.append(h('p', {}, h('a', { href: '#/devices' }, '← Devices'), ' · ',
    h('a', { href: '#/history/' + encodeURIComponent(id), id: 'to-history' }, 'History of this node')),
    h('h2', {}, 'Node ' + id));
  status('Reading node ' + id + '...');
  const [intended, actual, diff] = await Promise.all([
    read(base + '?content=config'), read(base + '?content=nonconfig'),
    rpc('uniconfig-manager:calculate-diff', targets([id])),
  ]);
  const result = nodeResults(diff).find((r) => r['node-id'] === id) || { 'node-id': id };
  const diffSection = h('section', { id: 'diff', 'aria-labelledby': 'diff-title' },
    h('h3', { id: 'diff-title' }, 'Diff (what a commit would change) ', badge(result.status)),
    result['error-message'] ? h('p', { class: 'error' }, result['error-message']) : null,
    h('p', { class: 'muted' }, '+ created, ~ changed, - deleted'),
    diffList(result));
  const dryRun = h('section', { id: 'dry-run', 'aria-labelledby': 'dry-run-title' },
    h('h3', { id: 'dry-run-title' }, 'Dry run (what the device would receive)'));
  page.append(diffSection, dryRun,
    h('section', { 'aria-labelledby': 'sbs-title' }, h('h3', { id: 'sbs-title' }, 'Intended and actual'),
      h('div', { class: 'columns' },
        h('div', {}, h('h4', {}, 'Intended'), h('pre', { id: 'intended', tabindex: '0' },
          intended ? pretty(intended) : 'no intended configuration')),
        h('div', {}, h('h4', {}, 'Actual (device, last sync)'), h('pre', { id: 'actual', tabindex: '0' },
          actual ? pretty(actual) : 'no actual configuration')))));
  if (await mayInvoke('uniconfig-manager:dry-run-commit')) {
    const output = await rpc('uniconfig-manager:dry-run-commit', targets([id]));
    const run = nodeResults(output).find((r) => r['node-id'] === id);
    dryRun.append(run && run.configuration
      ? h('pre', { id: 'dry-run-payload', tabindex: '0' }, (run.protocol ? run.protocol + ':\n' : '') + readable(run.configuration))
      : h('p', { class: 'muted' }, (run && run['error-message']) || (output['error-message'] || 'Nothing to send.')));
  } else {
    dryRun.append(h('p', { class: 'muted' }, 'You may not run dry-run-commit.'));
  }
  if (result.status === 'complete' && (result['created-data'] || result['updated-data'] || result['deleted-data'])
      && await mayInvoke('uniconfig-manager:commit')) {
    page.insertBefore(h('p', {}, h('a', { href: '#/commit', id: 'to-commit' }, 'Commit this change…')), diffSection);
  }
  status('');
  return null;
}
