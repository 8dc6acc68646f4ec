package io.sextant.console;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.sextant.spi.ControllerInfo;
import io.sextant.spi.MountedNode;
import io.sextant.spi.ClusterMember;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class StatusReportTest {
    private static final Instant STARTED = Instant.parse("2024-11-01T10:00:00.123Z");

    private record Info(long config, long operational, int mounted, int connected) implements ControllerInfo {
        @Override
        public Instant startedAt() {
            return STARTED;
        }

        @Override
        public long configDatastoreNodes() {
            return config;
        }

        @Override
        public long operationalDatastoreNodes() {
            return operational;
        }

        @Override
        public int mountedNodes() {
            return mounted;
        }

        @Override
        public int connectedNodes() {
            return connected;
        }

        @Override
        public List<MountedNode> nodes() {
            return List.of();
        }

        @Override
        public int schemaContexts() {
            return 1;
        }

        @Override
        public long schemaContextsBuilt() {
            return 2;
        }

        @Override
        public int setupsWaiting() {
            return 4;
        }

        @Override
        public String version() {
            return "0.1.0";
        }
    }

    @Test
    void reportListsTheInstancesWithTheirNodesAndMarksThisOne() {
        final Instant beat = STARTED.plusSeconds(60);
        final ControllerInfo info = new ControllerInfo() {
            private final Info figures = new Info(1, 1, 5, 5);

            @Override
            public Instant startedAt() {
                return figures.startedAt();
            }

            @Override
            public long configDatastoreNodes() {
                return figures.configDatastoreNodes();
            }

            @Override
            public long operationalDatastoreNodes() {
                return figures.operationalDatastoreNodes();
            }

            @Override
            public int mountedNodes() {
                return figures.mountedNodes();
            }

            @Override
            public int connectedNodes() {
                return figures.connectedNodes();
            }

            @Override
            public List<MountedNode> nodes() {
                return List.of();
            }

            @Override
            public int schemaContexts() {
                return 0;
            }

            @Override
            public long schemaContextsBuilt() {
                return 0;
            }

            @Override
            public int setupsWaiting() {
                return 0;
            }

            @Override
            public String version() {
                return "0.1.0";
            }

            @Override
            public String instanceId() {
                return "sx1";
            }

            @Override
            public List<ClusterMember> instances() {
                return List.of(new ClusterMember("sx1", "10.0.0.1:8181", STARTED, beat, beat.plusSeconds(6), true, 3),
                    new ClusterMember("sx2", "10.0.0.2:8181", STARTED, beat, beat.plusSeconds(6), false, 0));
            }
        };
        final String text = StatusReport.render(info, "PostgreSQL", beat);
        assertTrue(text.contains("Instances:             2 (this one: sx1)\n"), text);
        assertTrue(text.contains("  sx1                  10.0.0.1:8181          started 2024-11-01T10:00:00Z, last heartbeat "
            + "2024-11-01T10:01:00Z, alive, 3 node(s) owned (this instance)\n"), text);
        assertTrue(text.contains("  sx2                  10.0.0.2:8181          started 2024-11-01T10:00:00Z, last heartbeat "
            + "2024-11-01T10:01:00Z, expired, 0 node(s) owned\n"), text);
    }

    @Test
    void reportShowsUptimeStoreSizesAndDeviceCounts() {
        final String text = StatusReport.render(new Info(12, 7, 3, 2), "in memory",
            STARTED.plus(Duration.ofDays(1).plusHours(2).plusMinutes(3).plusSeconds(4)));
        assertTrue(text.startsWith("Sextant 0.1.0\n"), text);
        assertTrue(text.contains("Uptime:                1d 02:03:04 (since 2024-11-01T10:00:00Z)\n"), text);
        assertTrue(text.contains("Config datastore:      12 data nodes\n"), text);
        assertTrue(text.contains("Operational datastore: 7 data nodes\n"), text);
        assertTrue(text.contains("Mounted nodes:         3 (2 connected, 4 waiting to set up a session)\n"), text);
        assertTrue(text.contains("Schema contexts:       1 in use (2 built since start)\n"), text);
        assertTrue(text.contains("State:                 in memory\n"), text);
    }

    @Test
    void aControllerWaitingForItsDatabaseSaysSo() {
        assertEquals("Sextant is starting\nState:                 waiting for PostgreSQL at jdbc:x\n",
            StatusReport.starting("waiting for PostgreSQL at jdbc:x"));
    }

    @Test
    void uptimeUnderADayHasNoDayPartAndIsNeverNegative() {
        assertEquals("00:00:59", StatusReport.uptime(Duration.ofSeconds(59)));
        assertEquals("00:00:00", StatusReport.uptime(Duration.ofSeconds(-5)));
    }
}
