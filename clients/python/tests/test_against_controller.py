"""End-to-end tests of sextant_client against a running controller and one NETCONF device.

The controller and the device come from the environment (skipped when SEXTANT_URL is unset):

- SEXTANT_URL (https://127.0.0.1:8181), SEXTANT_USER (admin), SEXTANT_PASSWORD
- SEXTANT_CA_FILE (<data-dir>/tls/restconf-cert.pem) and/or SEXTANT_FINGERPRINT (as printed)
- SEXTANT_DEVICE_HOST, SEXTANT_DEVICE_PORT, SEXTANT_DEVICE_USER, SEXTANT_DEVICE_PASSWORD: a
  NETCONF device over SSH with ietf-interfaces and :candidate (netconf-testtool is one)
- SEXTANT_NODE: the node id to mount it as (pyclient-test); the tests unmount it at the end

Written with unittest, so both ``python3 -m pytest`` and ``python3 -m unittest`` run them.
"""

from __future__ import annotations

import datetime
import os
import sys
import unittest
import uuid
from pathlib import Path
from typing import Any, Dict, List, Optional

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from sextant_client import Sextant, SextantError, connect  # noqa: E402

URL = os.environ.get("SEXTANT_URL")
NODE = os.environ.get("SEXTANT_NODE", "pyclient-test")
INTERFACES = "ietf-interfaces:interfaces"


def _client(fingerprint: Optional[str] = None, password: Optional[str] = None) -> Sextant:
    assert URL is not None
    ca_file = None if fingerprint else os.environ.get("SEXTANT_CA_FILE")
    return connect(URL, os.environ.get("SEXTANT_USER", "admin"),
                   password if password is not None else os.environ["SEXTANT_PASSWORD"],
                   ca_file=ca_file, fingerprint=fingerprint or (None if ca_file else os.environ["SEXTANT_FINGERPRINT"]))


def _interface(name: str, description: str) -> Dict[str, Any]:
    return {"ietf-interfaces:interface": [
        {"name": name, "type": "iana-if-type:ethernetCsmacd", "description": description}]}


def _path(name: str) -> str:
    return f"{INTERFACES}/interface={name}"


def _description(answer: Any) -> str:
    """The description of the single interface in a GET answer."""
    return str(answer["ietf-interfaces:interface"][0]["description"])


def _unique(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4().hex[:8]}"


@unittest.skipUnless(URL, "SEXTANT_URL is not set: no controller to test against")
class ClientAgainstController(unittest.TestCase):
    sextant: Sextant

    @classmethod
    def setUpClass(cls) -> None:
        cls.sextant = _client()
        cls.sextant.mount_netconf(
            NODE, os.environ["SEXTANT_DEVICE_HOST"], int(os.environ["SEXTANT_DEVICE_PORT"]),
            os.environ.get("SEXTANT_DEVICE_USER", "admin"), os.environ.get("SEXTANT_DEVICE_PASSWORD", "admin"),
            host_key_verification="none")
        cls.sextant.wait_connected(NODE, timeout=180)

    @classmethod
    def tearDownClass(cls) -> None:
        try:
            cls.sextant.unmount_netconf(NODE)
        finally:
            cls.sextant.close()

    def tearDown(self) -> None:
        self.sextant.replace_config_with_operational([NODE])

    def test_a_mounted_device_is_connected_and_its_configuration_readable(self) -> None:
        state = self.sextant.connection_status(NODE)
        self.assertEqual("connected", state["connection-status"])
        self.assertIn("uniconfig-topology:configuration", self.sextant.read_intent(NODE))

    def test_the_pinned_fingerprint_is_checked(self) -> None:
        fingerprint = os.environ.get("SEXTANT_FINGERPRINT")
        if not fingerprint:
            self.skipTest("SEXTANT_FINGERPRINT is not set")
        with _client(fingerprint=fingerprint) as pinned:
            self.assertIn("sextant:status", pinned.get("/rests/data/sextant:status", content="nonconfig"))
        wrong = ":".join(["00"] * 32)
        with _client(fingerprint=wrong) as impostor, self.assertRaises(SextantError) as refused:
            impostor.get("/rests/data/sextant:status", content="nonconfig")
        self.assertIn("fingerprint", str(refused.exception))

    def test_a_wrong_password_is_refused(self) -> None:
        with _client(password="not-the-password") as stranger, self.assertRaises(SextantError) as refused:
            stranger.read_intent(NODE)
        self.assertEqual(401, refused.exception.status)

    def test_intent_shows_in_the_diff_and_the_dry_run_and_commit_puts_it_on_the_device(self) -> None:
        name = _unique("py-commit")
        self.sextant.put_intent(NODE, _path(name), _interface(name, "written by python"))
        self.assertEqual("written by python", _description(self.sextant.read_intent(NODE, _path(name))))

        changes = self.sextant.diff_entries([NODE])[NODE]
        created = [c for c in changes if c.kind == "created" and name in c.path]
        self.assertEqual(1, len(created), changes)
        self.assertIn("written by python", str(created[0].intended))

        dry_run = self.sextant.dry_run_commit([NODE]).node(NODE)
        self.assertIn("written by python", str(dry_run.data.get("configuration")))
        with self.assertRaises(SextantError):
            self.sextant.device_data(NODE, _path(name))  # nothing sent by the dry run

        result = self.sextant.commit([NODE])
        self.assertEqual("complete", result.node(NODE).status)
        self.assertEqual("written by python", _description(self.sextant.device_data(NODE, _path(name))))
        self.assertEqual("written by python", _description(self.sextant.read_actual(NODE, _path(name))))
        self.assertEqual([], [c for c in self.sextant.diff_entries([NODE]).get(NODE, []) if name in c.path])

    def test_sync_from_network_reads_a_change_made_on_the_device(self) -> None:
        name = _unique("py-sync")
        self.sextant.request("PUT", self.sextant.device_path(NODE, _path(name)), _interface(name, "on the device"))
        with self.assertRaises(SextantError):
            self.sextant.read_actual(NODE, _path(name))
        self.sextant.sync_from_network([NODE])
        self.assertEqual("on the device", _description(self.sextant.read_actual(NODE, _path(name))))

    def test_a_snapshot_brings_back_the_intent_it_kept(self) -> None:
        name = _unique("py-snap")
        snapshot = _unique("snap")
        self.sextant.put_intent(NODE, _path(name), _interface(name, "kept"))
        self.sextant.create_snapshot(snapshot, [NODE])
        try:
            self.assertIn("kept", str(self.sextant.read_snapshot(snapshot, NODE)))
            self.sextant.put_intent(NODE, _path(name), _interface(name, "changed"))
            self.assertEqual("changed", _description(self.sextant.read_intent(NODE, _path(name))))
            self.sextant.replace_config_with_snapshot(snapshot, [NODE])
            self.assertEqual("kept", _description(self.sextant.read_intent(NODE, _path(name))))
        finally:
            self.sextant.delete_snapshot(snapshot)
        with self.assertRaises(SextantError) as gone:
            self.sextant.read_snapshot(snapshot, NODE)
        self.assertEqual("data-missing", gone.exception.error_tag)

    def test_a_transaction_keeps_its_writes_private_until_its_commit(self) -> None:
        name = _unique("py-tx")
        with self.sextant.transaction() as tx:
            tx.put_intent(NODE, _path(name), _interface(name, "in a transaction"))
            self.assertEqual("in a transaction", _description(tx.read_intent(NODE, _path(name))))
            with self.assertRaises(SextantError) as unseen:
                self.sextant.read_intent(NODE, _path(name))
            self.assertEqual("data-missing", unseen.exception.error_tag)
            self.assertEqual("complete", tx.commit([NODE]).node(NODE).status)
        self.assertEqual("in a transaction", _description(self.sextant.device_data(NODE, _path(name))))

    def test_closing_a_transaction_discards_what_it_did_not_commit(self) -> None:
        name = _unique("py-discard")
        transaction = self.sextant.transaction()
        with transaction as tx:
            tx.put_intent(NODE, _path(name), _interface(name, "discarded"))
        stale = self.sextant.in_transaction(str(transaction.transaction_id))
        with self.assertRaises(SextantError) as closed:
            stale.read_intent(NODE, _path(name))
        self.assertEqual(404, closed.exception.status)
        with self.assertRaises(SextantError):
            self.sextant.read_intent(NODE, _path(name))

    def test_a_refused_write_raises_the_restconf_error(self) -> None:
        name = _unique("py-bad")
        body = {"ietf-interfaces:interface": [{"name": name, "type": "iana-if-type:ethernetCsmacd",
                                               "no-such-leaf": 1}]}
        with self.assertRaises(SextantError) as refused:
            self.sextant.put_intent(NODE, _path(name), body)
        error = refused.exception
        self.assertEqual(400, error.status)
        self.assertIsNotNone(error.error_tag)
        self.assertIn("no-such-leaf", str(error.error_message))

    def test_the_event_streams_are_listed_with_their_locations(self) -> None:
        streams = self.sextant.streams()
        self.assertEqual("/rests/streams/json/sextant-commits", streams["sextant-commits"]["json"])
        self.assertIn("device-notifications", streams)

    def test_a_subscriber_receives_the_commit_with_its_user_nodes_and_outcome(self) -> None:
        name = _unique("py-event")
        with self.sextant.subscribe("sextant-commits", nodes=[NODE], timeout=120) as events:
            self.sextant.put_intent(NODE, _path(name), _interface(name, "told to a subscriber"))
            self.assertEqual("complete", self.sextant.commit([NODE]).node(NODE).status)
            event = next(iter(events))
        self.assertEqual("sextant-events:commit-finished", event.name)
        self.assertEqual("complete", event.data["outcome"])
        self.assertEqual(os.environ.get("SEXTANT_USER", "admin"), event.data["user"])
        self.assertEqual([NODE], [node["node-id"] for node in event.data["node"]])
        self.assertTrue(event.time)

    def test_a_commit_is_replayed_from_the_start_time_through_a_filter(self) -> None:
        name = _unique("py-replay")
        before = datetime.datetime.now(datetime.timezone.utc).isoformat()
        self.sextant.put_intent(NODE, _path(name), _interface(name, "replayed"))
        self.assertEqual("complete", self.sextant.commit([NODE]).node(NODE).status)
        with self.sextant.subscribe("sextant-commits", nodes=[NODE], timeout=120, start_time=before,
                                    filter="/sextant-events:commit-finished[sextant-events:outcome='complete']"
                                    ) as events:
            event = next(iter(events))
        self.assertEqual("complete", event.data["outcome"])
        with self.assertRaises(SextantError) as refused:
            self.sextant.subscribe("sextant-commits", stop_time=before)
        self.assertEqual(400, refused.exception.status)

    def test_a_reader_resumes_after_its_last_event_id(self) -> None:
        first_name, second_name = _unique("py-resume"), _unique("py-resume")
        with self.sextant.subscribe("sextant-commits", nodes=[NODE], timeout=120) as events:
            self.sextant.put_intent(NODE, _path(first_name), _interface(first_name, "before the break"))
            self.assertEqual("complete", self.sextant.commit([NODE]).node(NODE).status)
            first = next(iter(events))
        self.assertTrue(first.id)
        self.sextant.put_intent(NODE, _path(second_name), _interface(second_name, "during the break"))
        self.assertEqual("complete", self.sextant.commit([NODE]).node(NODE).status)
        with self.sextant.subscribe("sextant-commits", nodes=[NODE], timeout=120,
                                    last_event_id=first.id) as events:
            resumed = next(iter(events))
        self.assertNotEqual(first.id, resumed.id)
        self.assertEqual("complete", resumed.data["outcome"])
        self.assertNotEqual(first.data["commit-id"], resumed.data["commit-id"],
                            "the commit it missed, not the first again")

    def test_an_unknown_stream_raises_the_restconf_error(self) -> None:
        with self.assertRaises(SextantError) as refused:
            self.sextant.subscribe("no-such-stream")
        self.assertEqual(404, refused.exception.status)

    def test_a_failed_commit_raises_with_the_node_results(self) -> None:
        with self.assertRaises(SextantError) as failed:
            self.sextant.commit(["no-such-node"])
        results: List[Any] = failed.exception.node_results
        self.assertEqual(["no-such-node"], [r.node_id for r in results])
        self.assertEqual("unknown-node", results[0].error_type)


if __name__ == "__main__":
    unittest.main()
