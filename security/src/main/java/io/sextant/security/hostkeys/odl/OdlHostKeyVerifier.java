package io.sextant.security.hostkeys.odl;

import static java.util.Objects.requireNonNull;

import io.sextant.security.hostkeys.HostKeyPolicy;
import io.sextant.security.hostkeys.HostKeyVerdict;
import io.sextant.security.hostkeys.HostKeyVerifier;
import java.net.SocketAddress;
import java.security.PublicKey;
import java.util.function.Consumer;
import org.opendaylight.netconf.shaded.sshd.client.keyverifier.ServerKeyVerifier;
import org.opendaylight.netconf.shaded.sshd.client.session.ClientSession;

/** OpenDaylight's shaded sshd server key check for one node (NETCONF over SSH). */
public final class OdlHostKeyVerifier implements ServerKeyVerifier {
    private final HostKeyVerifier verifier;
    private final String nodeId;
    private final HostKeyPolicy policy;
    private final Consumer<HostKeyVerdict> verdicts;

    /**
     * @param verdicts told this node's verdict (for its connection status); must not block
     */
    public OdlHostKeyVerifier(final HostKeyVerifier verifier, final String nodeId, final HostKeyPolicy policy,
            final Consumer<HostKeyVerdict> verdicts) {
        this.verifier = requireNonNull(verifier);
        this.nodeId = requireNonNull(nodeId);
        this.policy = requireNonNull(policy);
        this.verdicts = requireNonNull(verdicts);
    }

    @Override
    public boolean verifyServerKey(final ClientSession session, final SocketAddress remoteAddress,
            final PublicKey serverKey) {
        final HostKeyVerdict verdict = verifier.verify(nodeId, policy, serverKey);
        verdicts.accept(verdict);
        return verdict.accepted();
    }
}
