"""A client of the Sextant controller's RESTCONF API, with the Python standard library only."""

from .client import Sextant, Transaction, connect
from .errors import SextantError
from .events import Event, EventStream, StreamCutOff
from .results import DiffEntry, NodeResult, RpcResult

__all__ = ["Sextant", "Transaction", "connect", "SextantError", "DiffEntry", "NodeResult", "RpcResult", "Event",
           "EventStream", "StreamCutOff"]
__version__ = "0.1.0"
