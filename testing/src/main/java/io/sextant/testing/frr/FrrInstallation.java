package io.sextant.testing.frr;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.eclipse.jdt.annotation.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes sure FRRouting, OpenSSH's server and iproute2 are installed, installing them with apt
 * when a binary is missing. Installation is serialized across processes with {@code flock}, so
 * parallel test JVMs do not fight over the dpkg lock.
 */
public final class FrrInstallation {
    private static final Logger LOG = LoggerFactory.getLogger(FrrInstallation.class);

    static final Path ZEBRA = Path.of("/usr/lib/frr/zebra");
    static final Path STATICD = Path.of("/usr/lib/frr/staticd");
    static final Path BGPD = Path.of("/usr/lib/frr/bgpd");
    static final Path VTYSH = Path.of("/usr/bin/vtysh");
    static final Path SSHD = Path.of("/usr/sbin/sshd");
    static final Path SSH_KEYGEN = Path.of("/usr/bin/ssh-keygen");
    private static final List<Path> REQUIRED = List.of(ZEBRA, STATICD, BGPD, VTYSH, SSHD, SSH_KEYGEN);
    private static final Path APT_LOCK = Path.of("/tmp/sextant-apt.lock");

    private static volatile boolean checked;

    private FrrInstallation() {
    }

    /** Install the packages unless every binary is already there. */
    public static synchronized void ensureInstalled() {
        if (checked) {
            return;
        }
        if (!allPresent()) {
            LOG.info("Installing frr, openssh-server and iproute2 with apt");
            final Map<String, String> env = Map.of("DEBIAN_FRONTEND", "noninteractive");
            final List<String> install = List.of("flock", APT_LOCK.toString(), "apt-get", "install", "-y", "-q",
                "frr", "openssh-server", "iproute2");
            if (!HostCommand.tryRun(install, env, null).ok()) {
                HostCommand.run(List.of("flock", APT_LOCK.toString(), "apt-get", "update", "-q"), env, null);
                HostCommand.run(install, env, null);
            }
            if (!allPresent()) {
                throw new IllegalStateException("apt installed the packages but " + REQUIRED + " are not all there");
            }
        }
        checked = true;
    }

    private static boolean allPresent() {
        return REQUIRED.stream().allMatch(Files::isExecutable) && ipCommand() != null;
    }

    static @Nullable String ipCommand() {
        for (String candidate : List.of("/usr/sbin/ip", "/sbin/ip", "/usr/bin/ip", "/bin/ip")) {
            if (Files.isExecutable(Path.of(candidate))) {
                return candidate;
            }
        }
        return null;
    }
}
