"""RFC 8040 event streams, read as server-sent events: :meth:`Sextant.subscribe`."""

from __future__ import annotations

import http.client
import json
from dataclasses import dataclass
from types import TracebackType
from typing import Any, Dict, Iterator, List, Optional, Type

from .errors import SextantError

COMMITS = "sextant-commits"
NODE_STATUS = "sextant-node-status"
DEVICE_NOTIFICATIONS = "device-notifications"


@dataclass(frozen=True)
class Event:
    """One notification of a stream.

    ``name`` is the notification's module-qualified name (``sextant-events:commit-finished``,
    ``ietf-netconf-notifications:netconf-config-change``), ``data`` its content, ``time`` its
    ``eventTime`` (RFC 3339 text), ``node_id`` the device that sent it (device notifications
    only; the controller's own notifications name their nodes in ``data``), ``id`` its
    server-sent event id: pass the last one received as ``last_event_id`` to
    :meth:`Sextant.subscribe` to resume after it.
    """

    stream: str
    name: str
    time: str
    data: Dict[str, Any]
    node_id: Optional[str] = None
    id: Optional[str] = None


class StreamCutOff(SextantError):
    """The controller closed the stream because this reader read too slowly: events were lost.
    Subscribe again to go on."""


class EventStream:
    """An open stream: iterate it for :class:`Event` objects; ``close()`` (or the end of a
    ``with`` block) ends it. Iteration ends when the controller ends the stream, and raises
    :class:`StreamCutOff` when it was cut off for reading too slowly."""

    def __init__(self, stream: str, connection: http.client.HTTPConnection,
                 response: http.client.HTTPResponse) -> None:
        self.stream = stream
        self._connection = connection
        self._response = response

    def __iter__(self) -> Iterator[Event]:
        name = "message"
        event_id: Optional[str] = None
        data: List[str] = []
        while True:
            raw = self._response.readline()
            if not raw:
                return
            line = raw.decode("utf-8").rstrip("\r\n")
            if line == "":
                if data:
                    text = "\n".join(data)
                    if name == "cut-off":
                        raise StreamCutOff(text, status=200)
                    yield self._event(text, event_id)
                name, data, event_id = "message", [], None
            elif line.startswith(":"):
                continue
            elif line.startswith("data:"):
                data.append(line[6:] if line.startswith("data: ") else line[5:])
            elif line.startswith("event:"):
                name = line[6:].strip()
            elif line.startswith("id:"):
                event_id = line[3:].strip()

    def _event(self, text: str, event_id: Optional[str]) -> Event:
        envelope = json.loads(text)["ietf-restconf:notification"]
        time = str(envelope.get("eventTime", ""))
        node_id = envelope.get("sextant-events:node-id")
        for key, value in envelope.items():
            if key not in ("eventTime", "sextant-events:node-id"):
                return Event(self.stream, key, time, value if isinstance(value, dict) else {"value": value},
                             None if node_id is None else str(node_id), event_id)
        raise SextantError(f"A notification without content on stream {self.stream}: {text}", status=200)

    def close(self) -> None:
        self._connection.close()

    def __enter__(self) -> "EventStream":
        return self

    def __exit__(
        self,
        exc_type: Optional[Type[BaseException]],
        exc: Optional[BaseException],
        tb: Optional[TracebackType],
    ) -> None:
        self.close()
