package io.sextant.security.hostkeys.sshd;

import static java.util.Objects.requireNonNull;

import io.sextant.security.hostkeys.HostKeyPolicy;
import io.sextant.security.hostkeys.HostKeyVerdict;
import io.sextant.security.hostkeys.HostKeyVerifier;
import java.net.SocketAddress;
import java.security.PublicKey;
import java.util.function.Consumer;
import org.apache.sshd.client.keyverifier.ServerKeyVerifier;
import org.apache.sshd.client.session.ClientSession;

/** Apache sshd's server key check for one node (CLI devices over SSH). */
public final class SshdHostKeyVerifier implements ServerKeyVerifier {
    private final HostKeyVerifier verifier;
    private final String nodeId;
    private final HostKeyPolicy policy;
    private final Consumer<HostKeyVerdict> verdicts;

    /**
     * @param verdicts told this node's verdict (for its connection status); must not block
     */
    public SshdHostKeyVerifier(final HostKeyVerifier verifier, final String nodeId, final HostKeyPolicy policy,
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
