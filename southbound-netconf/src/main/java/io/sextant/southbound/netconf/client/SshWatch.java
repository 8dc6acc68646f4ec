package io.sextant.southbound.netconf.client;

import io.sextant.security.hostkeys.HostKeyCheck;
import io.sextant.security.hostkeys.HostKeyVerdict;
import java.util.Optional;
import java.util.function.Consumer;
import org.eclipse.jdt.annotation.Nullable;
import org.opendaylight.netconf.shaded.sshd.client.ClientFactoryManager;
import org.opendaylight.netconf.shaded.sshd.common.session.Session;
import org.opendaylight.netconf.shaded.sshd.common.session.SessionListener;
import org.opendaylight.netconf.transport.ssh.ClientFactoryManagerConfigurator;

/**
 * Watches the SSH session of one connection attempt, which OpenDaylight's transport does not
 * report to its caller: a failed authentication or a server that never completes the SSH
 * handshake would otherwise leave the attempt hanging. It reports such failures with a reason
 * and can close the session of an attempt that is abandoned. It checks the device's host key
 * ({@link HostKeyCheck}); a refused key ends the attempt with the check's message.
 */
final class SshWatch extends ClientFactoryManagerConfigurator implements SessionListener {
    private final Consumer<String> onFailure;
    private final HostKeyCheck hostKeys;
    private volatile @Nullable Session session;
    private volatile @Nullable String refusal;
    private volatile boolean keyEstablished;
    private volatile boolean authenticated;
    private volatile @Nullable Throwable lastError;

    SshWatch(final Consumer<String> onFailure, final HostKeyCheck hostKeys) {
        this.onFailure = onFailure;
        this.hostKeys = hostKeys;
    }

    @Override
    protected void configureClientFactoryManager(final ClientFactoryManager factoryManager) {
        factoryManager.setServerKeyVerifier((clientSession, remoteAddress, serverKey) -> {
            final HostKeyVerdict verdict = hostKeys.check(serverKey);
            if (!verdict.accepted()) {
                refusal = verdict.message();
            }
            return verdict.accepted();
        });
        factoryManager.addSessionListener(this);
    }

    /** Why the device's host key was refused, when it was. */
    Optional<String> refusal() {
        return Optional.ofNullable(refusal);
    }

    @Override
    public void sessionCreated(final Session created) {
        session = created;
    }

    @Override
    public void sessionEvent(final Session source, final Event event) {
        switch (event) {
            case KeyEstablished -> keyEstablished = true;
            case Authenticated -> authenticated = true;
            default -> {
                // key exchange progress does not matter here
            }
        }
    }

    @Override
    public void sessionException(final Session source, final Throwable failure) {
        lastError = failure;
    }

    @Override
    public void sessionClosed(final Session source) {
        if (authenticated) {
            return;
        }
        final Throwable error = lastError;
        final String refused = refusal;
        if (refused != null) {
            onFailure.accept(refused);
        } else if (keyEstablished) {
            onFailure.accept("SSH authentication failed (wrong user name or password?)");
        } else {
            onFailure.accept("SSH handshake failed" + (error != null ? ": " + error.getMessage() : ""));
        }
    }

    /** Close the SSH session of this attempt, if there is one. */
    void close() {
        final Session current = session;
        if (current != null) {
            current.close(true);
        }
    }
}
