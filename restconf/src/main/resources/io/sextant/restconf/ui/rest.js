// The RESTCONF calls of the page: JSON (RFC 7951) over the controller's own origin. The user
// logged in with the browser's own dialog (HTTP Basic) when the page was opened: the browser keeps
// those credentials and sends them with every request below, none of which sets Authorization.
const JSON_TYPE = 'application/yang-data+json';
const permissions = new Map();
let unauthorized = () => {};

export const TOPOLOGY = '/rests/data/network-topology:network-topology/topology=';

export class ApiError extends Error {
  constructor(status, message, body) {
    super(message);
    this.status = status;
    this.body = body;
  }
}

/**
 * What the page does on a 401: the browser has no credentials the controller accepts any more (the
 * password was changed, or the user logged out) and the user cancelled the browser's dialog.
 */
export function whenUnauthorized(callback) {
  unauthorized = callback;
}

/** The name of the user the browser logged in with (GET /ui/user.json). */
export async function user() {
  const response = await fetch('/ui/user.json', { cache: 'no-store' });
  if (!response.ok) {
    throw new ApiError(response.status, 'The controller answered ' + response.status + ' ' + response.statusText);
  }
  return (await response.json()).user;
}

/**
 * Makes the browser forget the user and password it holds for the page: a request with false
 * credentials to /ui/logout, which answers 401 to anything; Chromium then drops the credentials it
 * had for the realm and asks again at the next request. (An XMLHttpRequest, not fetch: given its
 * own credentials it does not make the browser show its login dialog.)
 */
export function logout() {
  permissions.clear();
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('GET', '/ui/logout', true, 'logout', 'logout');
    request.onloadend = () => resolve();
    request.send();
  });
}

/** The message of an RFC 8040 errors body, or the status line. */
function errorMessage(response, body) {
  const errors = body && body['ietf-restconf:errors'] && body['ietf-restconf:errors'].error;
  if (errors && errors.length) {
    return errors.map((e) => e['error-message'] || e['error-tag']).join('; ');
  }
  return 'The controller answered ' + response.status + ' ' + response.statusText;
}

/** One RESTCONF request; resolves with the JSON body (or null), rejects with an ApiError. */
export async function api(method, path, body) {
  const headers = { Accept: JSON_TYPE };
  if (body !== undefined) {
    headers['Content-Type'] = JSON_TYPE;
  }
  const response = await fetch(path, {
    method, headers, cache: 'no-store', body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json = null;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch (e) {
      json = null;
    }
  }
  if (!response.ok) {
    if (response.status === 401) {
      unauthorized();
    }
    throw new ApiError(response.status, errorMessage(response, json), json);
  }
  return json;
}

/** The output of an RPC of /rests/operations. */
export async function rpc(name, input) {
  const answer = await api('POST', '/rests/operations/' + name, { input: input || {} });
  if (!answer) {
    return {};
  }
  const key = Object.keys(answer).find((k) => k.endsWith(':output') || k === 'output');
  return key ? answer[key] : answer;
}

/** Whether the user may invoke an RPC: OPTIONS answers Allow without POST when NACM denies it. */
export async function mayInvoke(name) {
  if (!permissions.has(name)) {
    const response = await fetch('/rests/operations/' + name, { method: 'OPTIONS', cache: 'no-store' });
    if (response.status === 401) {
      unauthorized();
    }
    const allow = response.headers.get('Allow') || '';
    permissions.set(name, response.ok && allow.split(',').map((m) => m.trim()).includes('POST'));
  }
  return permissions.get(name);
}

/** target-nodes input of the uniconfig-manager RPCs. */
export function targets(nodes) {
  return { 'target-nodes': { node: nodes } };
}

/** A list member of a JSON body, whatever module prefix it carries. */
export function member(object, name) {
  if (!object) {
    return undefined;
  }
  for (const key of Object.keys(object)) {
    if (key === name || key.endsWith(':' + name)) {
      return object[key];
    }
  }
  return undefined;
}

/** A GET that answers null for data that is not there (404). */
export async function read(path) {
  try {
    return await api('GET', path);
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) {
      return null;
    }
    throw e;
  }
}

/**
 * Follows an RFC 8040 event stream (server-sent events, JSON encoding) with fetch, to see the
 * status of a refusal (EventSource hides it): calls onEvent with each notification's JSON. Resolves
 * when the stream ends; rejects with an ApiError when it is refused (403 for a user who may not
 * receive it). Stopped by the signal.
 */
export async function follow(stream, onEvent, signal, onOpen) {
  const headers = { Accept: 'text/event-stream' };
  const response = await fetch('/rests/streams/json/' + stream, { headers, signal, cache: 'no-store' });
  if (!response.ok || !response.body) {
    if (response.status === 401) {
      unauthorized();
    }
    throw new ApiError(response.status, 'The event stream ' + stream + ' answered ' + response.status);
  }
  if (onOpen) {
    onOpen();
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let data = [];
  for (;;) {
    const { value, done } = await reader.read();
    if (done) {
      return;
    }
    buffer += value;
    let end;
    while ((end = buffer.indexOf('\n')) >= 0) {
      const line = buffer.substring(0, end).replace(/\r$/, '');
      buffer = buffer.substring(end + 1);
      if (line.startsWith('data:')) {
        data.push(line.substring(5).replace(/^ /, ''));
      } else if (line === '' && data.length) {
        try {
          onEvent(JSON.parse(data.join('\n')));
        } catch (e) {
          // an event that is not JSON is skipped
        }
        data = [];
      }
    }
  }
}
