"""The error a Sextant request raises."""

from __future__ import annotations

import json
from typing import Any, Dict, List, Optional

from .results import NodeResult


class SextantError(Exception):
    """A request the controller refused, or an RPC whose overall status is ``fail``.

    For a refused request, ``status`` is the HTTP status and ``error_tag``, ``error_path``,
    ``error_message`` (and ``error_app_tag``) come from the first error of the RFC 8040
    ``errors`` body (all of them are in ``errors``). For a failed RPC, ``status`` is 200,
    ``error_tag`` is ``None``, ``error_message`` is the RPC's ``error-message`` and
    ``node_results`` holds its per-node results.
    """

    def __init__(
        self,
        message: str,
        *,
        status: int,
        error_tag: Optional[str] = None,
        error_path: Optional[str] = None,
        error_message: Optional[str] = None,
        error_app_tag: Optional[str] = None,
        errors: Optional[List[Dict[str, Any]]] = None,
        node_results: Optional[List[NodeResult]] = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.error_tag = error_tag
        self.error_path = error_path
        self.error_message = error_message
        self.error_app_tag = error_app_tag
        self.errors: List[Dict[str, Any]] = errors or []
        self.node_results: List[NodeResult] = node_results or []

    @classmethod
    def from_response(cls, method: str, path: str, status: int, body: str) -> "SextantError":
        """The error of an answer with a status of 400 or more."""
        errors: List[Dict[str, Any]] = []
        try:
            parsed = _json_loads(body)
            container = parsed.get("ietf-restconf:errors") or parsed.get("errors") or {}
            found = container.get("error", [])
            if isinstance(found, list):
                errors = [e for e in found if isinstance(e, dict)]
        except ValueError:
            pass
        first: Dict[str, Any] = errors[0] if errors else {}
        tag = first.get("error-tag")
        text = first.get("error-message") or body.strip() or "no error body"
        return cls(
            f"{method} {path} answered {status} {tag or ''}: {text}".replace("  ", " "),
            status=status,
            error_tag=tag,
            error_path=first.get("error-path"),
            error_message=first.get("error-message"),
            error_app_tag=first.get("error-app-tag"),
            errors=errors,
        )


def _json_loads(body: str) -> Dict[str, Any]:
    parsed = json.loads(body)
    if not isinstance(parsed, dict):
        raise ValueError("not a JSON object")
    return parsed

