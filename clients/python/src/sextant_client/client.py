"""The Sextant client: devices, intent, the UniConfig RPCs, snapshots and transactions."""

from __future__ import annotations

import json
import time
import urllib.parse
from types import TracebackType
from typing import Any, Dict, Iterator, List, Optional, Sequence, Type

from .errors import SextantError
from .events import EventStream
from .results import DiffEntry, RpcResult
from .transport import Transport

TOPOLOGY = "/rests/data/network-topology:network-topology/topology="
CONFIGURATION = "/uniconfig-topology:configuration"
TRANSACTION_HEADER = "Sextant-Transaction"


def _segment(node_id: str) -> str:
    """A key as an RFC 8040 path segment (reserved characters percent-encoded)."""
    return urllib.parse.quote(node_id, safe="")


def _relative(path: str) -> str:
    return "" if not path.strip("/") else "/" + path.strip("/")


def _parse(text: Optional[str]) -> Any:
    if text is None or text == "":
        return None
    try:
        return json.loads(text)
    except ValueError:
        return text


class Sextant:
    """A connection to one controller as one user. Use :func:`connect` to make one.

    Every method raises :class:`SextantError` when the controller refuses the request (with
    the RFC 8040 error-tag, error-path and error-message) or, for the UniConfig and snapshot
    RPCs, when their overall status is ``fail`` (with the per-node results).
    """

    def __init__(self, transport: Transport, headers: Optional[Dict[str, str]] = None) -> None:
        self._transport = transport
        self._headers: Dict[str, str] = dict(headers or {})

    # --- plain RESTCONF -------------------------------------------------------------------

    def request(self, method: str, path: str, body: Any = None) -> Any:
        """One RESTCONF request (``path`` from ``/rests``, JSON body); the parsed answer or None."""
        payload = None if body is None else json.dumps(body).encode("utf-8")
        status, text = self._transport.request(method, path, payload, self._headers)
        if status >= 400:
            raise SextantError.from_response(method, path, status, text)
        return _parse(text)

    def get(self, path: str, content: Optional[str] = None) -> Any:
        """GET ``path``; ``content`` is config, nonconfig or all (the server's default when None)."""
        query = "" if content is None else ("&" if "?" in path else "?") + "content=" + content
        return self.request("GET", path + query)

    def rpc(self, name: str, input_: Optional[Dict[str, Any]] = None) -> Dict[str, Any]:
        """Invoke ``module:rpc``; its output container (empty when it has none)."""
        answer = self.request("POST", "/rests/operations/" + name, {"input": input_ or {}})
        if isinstance(answer, dict) and answer:
            output = next(iter(answer.values()))
            if isinstance(output, dict):
                return output
        return {}

    # --- devices ----------------------------------------------------------------------------

    def mount_netconf(
        self,
        node_id: str,
        host: str,
        port: int,
        username: str,
        password: str,
        *,
        tcp_only: bool = False,
        host_key_verification: Optional[str] = None,
        extra: Optional[Dict[str, Any]] = None,
    ) -> None:
        """Mount a NETCONF device (the OpenDaylight body); ``extra`` adds netconf-node-topology leaves
        by their local name (``{"keepalive-delay": 30}``)."""
        node: Dict[str, Any] = {
            "node-id": node_id,
            "netconf-node-topology:host": host,
            "netconf-node-topology:port": port,
            "netconf-node-topology:tcp-only": tcp_only,
            "netconf-node-topology:login-password-unencrypted": {"username": username, "password": password},
        }
        if host_key_verification is not None:
            node["netconf-node-topology:host-key-verification"] = host_key_verification
        for leaf, value in (extra or {}).items():
            node["netconf-node-topology:" + leaf] = value
        self.request("PUT", self._netconf_node(node_id), {"node": [node]})

    def unmount_netconf(self, node_id: str) -> None:
        self.request("DELETE", self._netconf_node(node_id))

    def connection_status(self, node_id: str) -> Dict[str, Any]:
        """The node's state: ``connection-status``, ``connected-message``, capabilities (leaf names
        without the module prefix)."""
        answer = self.get(self._netconf_node(node_id), content="nonconfig")
        nodes = answer.get("network-topology:node", []) if isinstance(answer, dict) else []
        if not nodes:
            return {}
        return {key.split(":", 1)[-1]: value for key, value in nodes[0].items()}

    def wait_connected(self, node_id: str, timeout: float = 120.0, interval: float = 0.5) -> Dict[str, Any]:
        """Wait until the device is ``connected`` and its configuration was read into the UniConfig
        layer (so intent can be written); its state. SextantError (status 0) after ``timeout``
        seconds, naming the last ``connection-status`` and ``connected-message``."""
        deadline = time.monotonic() + timeout
        state: Dict[str, Any] = {}
        while True:
            try:
                state = self.connection_status(node_id)
                if state.get("connection-status") == "connected":
                    self.get(self._uniconfig_node(node_id) + CONFIGURATION, content="config")
                    return state
            except SextantError as e:
                if e.error_tag != "data-missing":
                    raise
            if time.monotonic() >= deadline:
                raise SextantError(
                    f"Node {node_id} did not connect within {timeout:g} s: "
                    f"{state.get('connection-status', 'not mounted')} {state.get('connected-message', '')}".strip(),
                    status=0,
                )
            time.sleep(interval)

    def device_path(self, node_id: str, path: str = "") -> str:
        """The RESTCONF path of ``path`` in the device's own data, through its mount point."""
        return self._netconf_node(node_id) + "/yang-ext:mount" + _relative(path)

    def device_data(self, node_id: str, path: str, content: str = "config") -> Any:
        """Read the device itself through its mount point (``content=config`` is its running config)."""
        return self.get(self.device_path(node_id, path), content=content)

    # --- intent -----------------------------------------------------------------------------

    def intent_path(self, node_id: str, path: str = "") -> str:
        """The RESTCONF path of ``path`` (an api-path such as
        ``ietf-interfaces:interfaces/interface=eth0``) in the node's intended configuration."""
        return self._uniconfig_node(node_id) + CONFIGURATION + _relative(path)

    def read_intent(self, node_id: str, path: str = "") -> Any:
        """The intended configuration at ``path`` (JSON as the controller answers it)."""
        return self.get(self.intent_path(node_id, path), content="config")

    def read_actual(self, node_id: str, path: str = "") -> Any:
        """The actual configuration at ``path``: what the last sync or commit left on the device."""
        return self.get(self.intent_path(node_id, path), content="nonconfig")

    def put_intent(self, node_id: str, path: str, body: Any) -> None:
        """Replace the intent at ``path`` with ``body`` (RFC 7951 JSON naming the target node)."""
        self.request("PUT", self.intent_path(node_id, path), body)

    def merge_intent(self, node_id: str, path: str, body: Any) -> None:
        """Merge ``body`` into the intent at ``path`` (PATCH)."""
        self.request("PATCH", self.intent_path(node_id, path), body)

    def delete_intent(self, node_id: str, path: str) -> None:
        self.request("DELETE", self.intent_path(node_id, path))

    # --- UniConfig RPCs ---------------------------------------------------------------------

    def _uniconfig_rpc(self, name: str, nodes: Sequence[str], extra: Optional[Dict[str, Any]] = None) -> RpcResult:
        input_: Dict[str, Any] = {"target-nodes": {"node": list(nodes)}}
        input_.update(extra or {})
        result = RpcResult.from_output(self.rpc(name, input_))
        if result.overall_status != "complete":
            failed = "; ".join(
                f"{r.node_id}: {r.status} {r.error_type or ''} {r.error_message or ''}".strip()
                for r in result.node_results if r.status != "complete"
            )
            raise SextantError(
                f"{name} failed: {result.error_message or ''} {failed}".strip(),
                status=200,
                error_message=result.error_message,
                node_results=result.node_results,
            )
        return result

    def calculate_diff(self, nodes: Sequence[str] = ()) -> RpcResult:
        """The intended changes per node (empty: every node with changes); see :func:`diff_entries`."""
        return self._uniconfig_rpc("uniconfig-manager:calculate-diff", nodes)

    def diff_entries(self, nodes: Sequence[str] = ()) -> Dict[str, List[DiffEntry]]:
        """:func:`calculate_diff` as a list of changes per node id."""
        return {r.node_id: list(_entries(r.data)) for r in self.calculate_diff(nodes).node_results}

    def dry_run_commit(self, nodes: Sequence[str] = ()) -> RpcResult:
        """What a commit would send, per node (``configuration``); nothing is sent."""
        return self._uniconfig_rpc("uniconfig-manager:dry-run-commit", nodes)

    def commit(self, nodes: Sequence[str] = (), skip_unreachable: bool = False) -> RpcResult:
        """Send the intended changes: on every target device or on none.

        With ``skip_unreachable``, nodes whose devices are not connected are left out (their
        ``status`` is ``skipped``, their intent stays pending) and the others commit.
        """
        return self._uniconfig_rpc("uniconfig-manager:commit", nodes, _skip(skip_unreachable))

    def checked_commit(self, nodes: Sequence[str] = (), skip_unreachable: bool = False) -> RpcResult:
        """As :func:`commit`, refused when a device changed since the last sync."""
        return self._uniconfig_rpc("uniconfig-manager:checked-commit", nodes, _skip(skip_unreachable))

    def sync_from_network(self, nodes: Sequence[str] = ()) -> RpcResult:
        """Read the devices into the actual configuration (pending intent stays)."""
        return self._uniconfig_rpc("uniconfig-manager:sync-from-network", nodes)

    def replace_config_with_operational(self, nodes: Sequence[str] = ()) -> RpcResult:
        """Intended := actual (drops pending intent)."""
        return self._uniconfig_rpc("uniconfig-manager:replace-config-with-operational", nodes)

    # --- snapshots --------------------------------------------------------------------------

    def create_snapshot(self, name: str, nodes: Sequence[str]) -> RpcResult:
        """Keep the nodes' intended configuration as snapshot ``name``."""
        return self._uniconfig_rpc("snapshot-manager:create-snapshot", nodes, {"snapshot-name": name})

    def replace_config_with_snapshot(self, name: str, nodes: Sequence[str]) -> RpcResult:
        """Make the snapshot the nodes' intent again (commit to send it)."""
        return self._uniconfig_rpc("snapshot-manager:replace-config-with-snapshot", nodes, {"snapshot-name": name})

    def delete_snapshot(self, name: str) -> RpcResult:
        result = RpcResult.from_output(self.rpc("snapshot-manager:delete-snapshot", {"snapshot-name": name}))
        if result.overall_status != "complete":
            raise SextantError(
                f"delete-snapshot {name} failed: {result.error_message or ''}".strip(),
                status=200, error_message=result.error_message, node_results=result.node_results,
            )
        return result

    def read_snapshot(self, name: str, node_id: str) -> Any:
        """A snapshot's configuration of one node."""
        return self.get(
            TOPOLOGY + "snapshots/node=" + _segment(name) + "/snapshot-manager:snapshot/node="
            + _segment(node_id) + "/configuration"
        )

    # --- transactions -----------------------------------------------------------------------

    def transaction(self, idle_timeout: Optional[int] = None) -> "Transaction":
        """A transaction for ``with``: its requests see its own intent writes and nobody else's;
        it is closed (its uncommitted writes discarded) when the block ends."""
        return Transaction(self, idle_timeout)

    def in_transaction(self, transaction_id: str) -> "Sextant":
        """This client with every request inside the transaction ``transaction_id`` (one made
        elsewhere; :func:`transaction` makes and closes its own)."""
        headers = dict(self._headers)
        headers[TRANSACTION_HEADER] = transaction_id
        return Sextant(self._transport, headers)

    # --- event streams (RFC 8040 section 6) ----------------------------------------------------

    def streams(self) -> Dict[str, Dict[str, str]]:
        """The event streams the controller offers: their names and, per encoding, locations."""
        answer = self.get("/rests/data/ietf-restconf-monitoring:restconf-state/streams", content="nonconfig")
        streams: Dict[str, Dict[str, str]] = {}
        for stream in answer["ietf-restconf-monitoring:streams"].get("stream", []):
            streams[str(stream["name"])] = {str(a["encoding"]): str(a["location"]) for a in stream.get("access", [])}
        return streams

    def subscribe(
        self,
        stream: str,
        nodes: Sequence[str] = (),
        timeout: Optional[float] = None,
        start_time: Optional[str] = None,
        stop_time: Optional[str] = None,
        filter: Optional[str] = None,  # noqa: A002 - RFC 8040's name for it
        last_event_id: Optional[str] = None,
    ) -> EventStream:
        """Open ``stream`` (``sextant-commits``, ``sextant-node-status``, ``device-notifications``)
        as server-sent events in JSON, only events about ``nodes`` when given. Iterate the result
        for :class:`Event` objects; close it when done. ``timeout`` (seconds) bounds each wait for
        data (the controller sends a keep-alive every 15 s); None waits for ever. ``start_time``
        (an RFC 3339 date-and-time such as ``2026-11-25T10:00:00Z``) replays the events the
        controller still keeps since then first; ``stop_time`` (with ``start_time``) ends the
        stream then; ``filter`` is an XPath 1.0 expression on each notification, with module
        names as prefixes (API.md, Event streams). ``last_event_id`` (the ``id`` of the last
        :class:`Event` a reader had) resumes after that event: the events the controller kept
        since come first, each once, instead of those since ``start_time``."""
        path = "/rests/streams/json/" + _segment(stream)
        query = []
        if nodes:
            query.append("node=" + ",".join(_segment(n) for n in nodes))
        for name, value in (("start-time", start_time), ("stop-time", stop_time), ("filter", filter)):
            if value is not None:
                query.append(name + "=" + urllib.parse.quote(value, safe=""))
        if query:
            path += "?" + "&".join(query)
        headers = dict(self._headers)
        if last_event_id is not None:
            headers["Last-Event-ID"] = last_event_id
        connection, response = self._transport.open_stream(path, headers, timeout)
        if response.status != 200:
            text = response.read().decode("utf-8")
            connection.close()
            raise SextantError.from_response("GET", path, response.status, text)
        return EventStream(stream, connection, response)

    # --- lifetime ---------------------------------------------------------------------------

    def close(self) -> None:
        self._transport.close()

    def __enter__(self) -> "Sextant":
        return self

    def __exit__(
        self,
        exc_type: Optional[Type[BaseException]],
        exc: Optional[BaseException],
        tb: Optional[TracebackType],
    ) -> None:
        self.close()

    def _netconf_node(self, node_id: str) -> str:
        return TOPOLOGY + "topology-netconf/node=" + _segment(node_id)

    def _uniconfig_node(self, node_id: str) -> str:
        return TOPOLOGY + "uniconfig/node=" + _segment(node_id)


class Transaction:
    """``with client.transaction() as tx:`` gives a :class:`Sextant` whose every request carries
    the ``Sextant-Transaction`` header; ``close-transaction`` runs when the block ends."""

    def __init__(self, client: Sextant, idle_timeout: Optional[int]) -> None:
        self._client = client
        self._idle_timeout = idle_timeout
        self.transaction_id: Optional[str] = None

    def __enter__(self) -> Sextant:
        input_: Dict[str, Any] = {} if self._idle_timeout is None else {"idle-timeout": self._idle_timeout}
        output = self._client.rpc("transaction-manager:create-transaction", input_)
        self.transaction_id = str(output["transaction-id"])
        return self._client.in_transaction(self.transaction_id)

    def __exit__(
        self,
        exc_type: Optional[Type[BaseException]],
        exc: Optional[BaseException],
        tb: Optional[TracebackType],
    ) -> None:
        if self.transaction_id is None:
            return
        try:
            self._client.rpc("transaction-manager:close-transaction", {"transaction-id": self.transaction_id})
        except SextantError as e:
            # already gone (expired, or the controller restarted) leaves nothing to discard; an
            # exception of the block itself is not hidden behind the close's
            if exc_type is None and e.error_tag != "data-missing":
                raise


def _entries(result: Dict[str, Any]) -> Iterator[DiffEntry]:
    for entry in result.get("created-data", []):
        yield DiffEntry("created", entry.get("path", ""), _parse(entry.get("data")), None)
    for entry in result.get("updated-data", []):
        yield DiffEntry("updated", entry.get("path", ""), _parse(entry.get("data-intended")),
                        _parse(entry.get("data-actual")))
    for entry in result.get("deleted-data", []):
        yield DiffEntry("deleted", entry.get("path", ""), None, _parse(entry.get("data")))


def connect(
    url: str,
    user: str,
    password: str,
    *,
    ca_file: Optional[str] = None,
    fingerprint: Optional[str] = None,
    timeout: float = 120.0,
) -> Sextant:
    """A client of the controller at ``url`` (``https://127.0.0.1:8181``), trusting ``ca_file``
    (PEM: the controller's certificate, ``<data-dir>/tls/restconf-cert.pem``, or its CA) or the
    certificate whose SHA-256 ``fingerprint`` the controller printed. Nothing is sent yet."""
    return Sextant(Transport(url, user, password, ca_file=ca_file, fingerprint=fingerprint, timeout=timeout))


def _skip(skip_unreachable: bool) -> Optional[Dict[str, Any]]:
    return {"skip-unreachable-nodes": True} if skip_unreachable else None
