package io.sextant.testing.frr;

import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * Where everything of one router lives on the host. All of it is derived from the router's
 * name, so a router left behind by a crashed JVM can be removed knowing only its name.
 *
 * @param name hostname, FRR pathspace ({@code -N}) and the stem of every other name
 */
record RouterLayout(String name) {
    static final Path WORK_ROOT = Path.of("/tmp/sextant-frr");

    RouterLayout {
        if (!name.matches("[a-z][a-z0-9]{1,11}")) {
            throw new IllegalArgumentException("Router name must be 2-12 lower-case letters or digits: " + name);
        }
    }

    /** Network namespace holding the daemons and the eth interfaces. */
    String namespace() {
        return "sextant-" + name;
    }

    /** The local user whose SSH login runs {@code vtysh -N name}. */
    String user() {
        return "sx" + name;
    }

    /** Private files: sshd config and host key, daemon logs, the owner marker, the user's home. */
    Path workDir() {
        return WORK_ROOT.resolve(name);
    }

    Path home() {
        return workDir().resolve("home");
    }

    Path ownerFile() {
        return workDir().resolve("owner");
    }

    Path sshdConfig() {
        return workDir().resolve("sshd_config");
    }

    /** The sshd's private host key of {@code ssh-keygen} type {@code type}. */
    Path sshHostKey(final String type) {
        return workDir().resolve("ssh_host_" + type + "_key");
    }

    Path sshdPidFile() {
        return workDir().resolve("sshd.pid");
    }

    /** FRR's configuration directory for the pathspace. */
    Path etcDir() {
        return Path.of("/etc/frr", name);
    }

    /** FRR's socket and pid-file directory for the pathspace. */
    Path runDir() {
        return Path.of("/var/run/frr", name);
    }

    /** Host-side name of the veth whose other end is {@code eth<index>} inside the namespace. */
    String hostVeth(final int index) {
        return name + "h" + index;
    }

    /** Host-side name of the management veth (Telnet access); {@code mgmt0} inside. */
    String managementVeth() {
        return name + "m";
    }

    /** Whether a host network device belongs to this router. */
    boolean ownsLink(final String device) {
        return device.equals(managementVeth()) || device.matches(Pattern.quote(name) + "h\\d+");
    }
}
