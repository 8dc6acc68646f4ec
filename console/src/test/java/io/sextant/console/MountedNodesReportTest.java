package io.sextant.console;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.sextant.spi.MountedNode;
import java.util.List;
import org.junit.jupiter.api.Test;

class MountedNodesReportTest {
    private static final MountedNode NETCONF = new MountedNode("k1", "netconf", "ssh", "127.0.0.1", 17830,
        "connected", "");
    private static final MountedNode CLI = new MountedNode("ios-1", "cli", "ssh", "10.0.0.1", 22, "connected",
        "Connected, prompt R1#");
    private static final MountedNode REFUSED = new MountedNode("zz", "cli", "telnet", "2001:db8::1", 23,
        "unable-to-connect", "Connection refused");

    @Test
    void listShowsEveryNodeOfEveryProtocolWithAddressStatusAndMessage() {
        assertEquals("""
            Node id  Protocol     Address           Status             Message
            ios-1    cli/ssh      10.0.0.1:22       connected          Connected, prompt R1#
            k1       netconf/ssh  127.0.0.1:17830   connected
            zz       cli/telnet   [2001:db8::1]:23  unable-to-connect  Connection refused
            3 nodes, 2 connected
            """, MountedNodesReport.list(List.of(REFUSED, NETCONF, CLI)));
    }

    @Test
    void listSaysSoWhenNothingIsMounted() {
        assertEquals("No nodes are mounted.\n", MountedNodesReport.list(List.of()));
    }

    @Test
    void statusShowsProtocolAddressAndMessage() {
        assertEquals("""
            Node:              ios-1
            Protocol:          cli/ssh
            Address:           10.0.0.1:22
            Status:            connected
            Message:           Connected, prompt R1#
            """, MountedNodesReport.status(CLI));
    }
}
