"""HTTPS to the controller with the standard library: a CA file or a pinned fingerprint."""

from __future__ import annotations

import base64
import hashlib
import hmac
import http.client
import ssl
import threading
import urllib.parse
from typing import Dict, Optional, Tuple

from .errors import SextantError

JSON = "application/yang-data+json"


def normalize_fingerprint(fingerprint: str) -> str:
    """``AB:CD:...`` (as the controller prints it), ``abcd...`` or ``SHA256:AB:CD...`` as bare hex."""
    text = fingerprint.strip()
    if text.upper().startswith("SHA256:") or text.upper().startswith("SHA-256:"):
        text = text.split(":", 1)[1]
    hex_digits = text.replace(":", "").replace(" ", "").lower()
    if len(hex_digits) != 64 or any(c not in "0123456789abcdef" for c in hex_digits):
        raise ValueError(f"Not a SHA-256 fingerprint: {fingerprint!r}")
    return hex_digits


class Transport:
    """One HTTP(S) connection to the controller, reopened when it drops; thread-safe."""

    def __init__(
        self,
        url: str,
        user: str,
        password: str,
        *,
        ca_file: Optional[str] = None,
        fingerprint: Optional[str] = None,
        timeout: float = 120.0,
    ) -> None:
        parsed = urllib.parse.urlsplit(url)
        if parsed.scheme not in ("https", "http") or not parsed.hostname:
            raise ValueError(f"Not an http(s) URL: {url!r}")
        if parsed.scheme == "https" and ca_file is None and fingerprint is None:
            raise ValueError("Give ca_file (the controller's certificate or its CA) or its SHA-256 fingerprint")
        self._https = parsed.scheme == "https"
        self._host = parsed.hostname
        self._port = parsed.port or (443 if self._https else 80)
        self._prefix = parsed.path.rstrip("/")
        self._timeout = timeout
        self._fingerprint = normalize_fingerprint(fingerprint) if fingerprint else None
        self._context: Optional[ssl.SSLContext] = None
        if self._https:
            if self._fingerprint is not None:
                # the pinned certificate is the whole trust: no CA and no host name check
                context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
                context.check_hostname = False
                context.verify_mode = ssl.CERT_NONE
            else:
                context = ssl.create_default_context(cafile=ca_file)
                # the generated certificate names 127.0.0.1 and localhost; a CA-signed one its host
            context.minimum_version = ssl.TLSVersion.TLSv1_2
            self._context = context
        token = base64.b64encode(f"{user}:{password}".encode("utf-8")).decode("ascii")
        self._authorization = f"Basic {token}"
        self._lock = threading.Lock()
        self._connection: Optional[http.client.HTTPConnection] = None
        self._used = False

    def _connect(self) -> http.client.HTTPConnection:
        connection: http.client.HTTPConnection
        if self._https:
            connection = http.client.HTTPSConnection(
                self._host, self._port, timeout=self._timeout, context=self._context
            )
        else:
            connection = http.client.HTTPConnection(self._host, self._port, timeout=self._timeout)
        connection.connect()
        if self._fingerprint is not None:
            sock = connection.sock
            der = sock.getpeercert(binary_form=True) if isinstance(sock, ssl.SSLSocket) else None
            presented = hashlib.sha256(der).hexdigest() if der else ""
            if not hmac.compare_digest(presented, self._fingerprint):
                connection.close()
                raise SextantError(
                    f"The controller at {self._host}:{self._port} presented a certificate with SHA-256 "
                    f"fingerprint {presented or 'none'}, not the expected {self._fingerprint}",
                    status=0,
                )
        return connection

    def request(
        self, method: str, path: str, body: Optional[bytes], headers: Dict[str, str]
    ) -> Tuple[int, str]:
        """Send one request; the status and the body as text. Retries once on a dropped connection."""
        all_headers = {"Authorization": self._authorization, "Accept": JSON}
        if body is not None:
            all_headers["Content-Type"] = JSON
        all_headers.update(headers)
        idempotent = method in ("GET", "HEAD", "PUT", "DELETE")
        with self._lock:
            if not idempotent and self._used:
                # a POST (an RPC: a commit) is never sent twice: it goes on a fresh connection,
                # which the server cannot have closed as idle, and is not retried
                self.close_locked()
            for attempt in (1, 2):
                if self._connection is None:
                    self._connection = self._connect()
                    self._used = False
                try:
                    self._used = True
                    self._connection.request(method, self._prefix + path, body=body, headers=all_headers)
                    response = self._connection.getresponse()
                    text = response.read().decode("utf-8")
                    if response.getheader("Connection", "").lower() == "close":
                        self.close_locked()
                    return response.status, text
                except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                    # a kept-alive connection the server closed: an idempotent request is tried again
                    self.close_locked()
                    if attempt == 2 or not idempotent:
                        raise
            raise AssertionError("unreachable")

    def open_stream(
        self, path: str, headers: Dict[str, str], timeout: Optional[float]
    ) -> Tuple[http.client.HTTPConnection, http.client.HTTPResponse]:
        """GET ``path`` on a connection of its own, for a response that goes on (an event stream):
        the connection and the response, its headers read. ``timeout`` bounds each wait for data."""
        connection = self._connect()
        if connection.sock is not None:
            connection.sock.settimeout(timeout)
        all_headers = {"Authorization": self._authorization, "Accept": "text/event-stream"}
        all_headers.update(headers)
        try:
            connection.request("GET", self._prefix + path, headers=all_headers)
            return connection, connection.getresponse()
        except BaseException:
            connection.close()
            raise

    def close_locked(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None

    def close(self) -> None:
        with self._lock:
            self.close_locked()
