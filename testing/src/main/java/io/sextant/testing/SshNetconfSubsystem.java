package io.sextant.testing;

import java.io.InputStream;
import java.io.OutputStream;
import java.util.Objects;
import org.apache.sshd.server.Environment;
import org.apache.sshd.server.ExitCallback;
import org.apache.sshd.server.channel.ChannelSession;
import org.apache.sshd.server.command.Command;
import org.apache.sshd.server.subsystem.SubsystemFactory;
import org.eclipse.jdt.annotation.Nullable;

/**
 * The {@code netconf} SSH subsystem of a {@link MisbehavingNetconfDevice}: hands the channel's
 * streams to a device session; closing that session closes the channel at once.
 */
final class SshNetconfSubsystem implements Command {
    private final MisbehavingNetconfDevice device;
    private @Nullable InputStream in;
    private @Nullable OutputStream out;
    private MisbehavingNetconfDevice.@Nullable Session session;

    private SshNetconfSubsystem(final MisbehavingNetconfDevice device) {
        this.device = device;
    }

    /** Creates one subsystem per channel. */
    static final class Factory implements SubsystemFactory {
        private final MisbehavingNetconfDevice device;

        Factory(final MisbehavingNetconfDevice device) {
            this.device = device;
        }

        @Override
        public String getName() {
            return "netconf";
        }

        @Override
        public Command createSubsystem(final ChannelSession channel) {
            return new SshNetconfSubsystem(device);
        }
    }

    @Override
    public void setInputStream(final InputStream newIn) {
        this.in = newIn;
    }

    @Override
    public void setOutputStream(final OutputStream newOut) {
        this.out = newOut;
    }

    @Override
    public void setErrorStream(final OutputStream err) {
        // NETCONF does not use stderr
    }

    @Override
    public void setExitCallback(final ExitCallback callback) {
        // the session closes the channel itself
    }

    @Override
    public void start(final ChannelSession channel, final Environment env) {
        final MisbehavingNetconfDevice.Session started = device.new Session(
            Objects.requireNonNull(in, "SSH set no input stream"), Objects.requireNonNull(out, "SSH set no output stream"),
            () -> channel.close(false));
        session = started;
        device.startSession(started, "misbehaving-netconf-ssh-" + device.port());
    }

    @Override
    public void destroy(final ChannelSession channel) {
        if (session != null) {
            session.close();
        }
    }
}
