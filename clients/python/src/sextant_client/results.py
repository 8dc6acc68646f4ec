"""What the UniConfig and snapshot RPCs answer."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional


@dataclass(frozen=True)
class NodeResult:
    """One node's result of an RPC; ``data`` is the whole ``node-result`` entry as JSON."""

    node_id: str
    status: str
    error_message: Optional[str] = None
    error_type: Optional[str] = None
    data: Dict[str, Any] = field(default_factory=dict)

    @staticmethod
    def from_json(entry: Dict[str, Any]) -> "NodeResult":
        return NodeResult(
            node_id=str(entry.get("node-id", "")),
            status=str(entry.get("status", "")),
            error_message=entry.get("error-message"),
            error_type=entry.get("error-type"),
            data=entry,
        )


@dataclass(frozen=True)
class RpcResult:
    """An RPC's ``overall-status`` (``complete`` or ``fail``) and its per-node results."""

    overall_status: str
    error_message: Optional[str]
    node_results: List[NodeResult]
    output: Dict[str, Any]

    @staticmethod
    def from_output(output: Dict[str, Any]) -> "RpcResult":
        entries = output.get("node-results", {}).get("node-result", [])
        return RpcResult(
            overall_status=str(output.get("overall-status", "")),
            error_message=output.get("error-message"),
            node_results=[NodeResult.from_json(e) for e in entries if isinstance(e, dict)],
            output=output,
        )

    def node(self, node_id: str) -> NodeResult:
        """The result of ``node_id``; KeyError when the answer has none."""
        for result in self.node_results:
            if result.node_id == node_id:
                return result
        raise KeyError(node_id)


@dataclass(frozen=True)
class DiffEntry:
    """One change of a node: ``kind`` is created, updated or deleted; paths are relative to
    the node's configuration; ``intended`` and ``actual`` are parsed JSON (None when absent)."""

    kind: str
    path: str
    intended: Any
    actual: Any
