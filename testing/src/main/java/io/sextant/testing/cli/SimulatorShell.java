package io.sextant.testing.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Objects;
import org.apache.sshd.common.io.IoOutputStream;
import org.apache.sshd.common.util.buffer.ByteArrayBuffer;
import org.apache.sshd.server.Environment;
import org.apache.sshd.server.ExitCallback;
import org.apache.sshd.server.channel.ChannelDataReceiver;
import org.apache.sshd.server.channel.ChannelSession;
import org.apache.sshd.common.io.IoInputStream;
import org.apache.sshd.server.command.AsyncCommandStreamsAware;
import org.apache.sshd.server.command.Command;
import org.eclipse.jdt.annotation.Nullable;

/**
 * One SSH shell on a simulated device. Input arrives on sshd's I/O threads through a
 * {@link ChannelDataReceiver} and output leaves through the asynchronous channel stream, so
 * thousands of sessions need no thread each. Echoes what is typed, as a terminal does.
 */
final class SimulatorShell implements Command, AsyncCommandStreamsAware, ChannelDataReceiver {
    private final IosEngine engine;
    private final IosEngine.Mode mode = new IosEngine.Mode();
    private final StringBuilder line = new StringBuilder();
    private final Deque<byte[]> pending = new ArrayDeque<>();
    private @Nullable IoOutputStream out;
    private @Nullable ExitCallback exit;
    private boolean writing;
    private boolean lastWasCr;

    SimulatorShell(final IosEngine engine) {
        this.engine = engine;
    }

    @Override
    public void setIoOutputStream(final IoOutputStream output) {
        this.out = output;
    }

    @Override
    public void setIoInputStream(final IoInputStream in) {
        // input comes through the data receiver set in start()
    }

    @Override
    public void setIoErrorStream(final IoOutputStream err) {
        // the shell writes everything to its output, as a terminal would show it
    }

    @Override
    public void setExitCallback(final ExitCallback callback) {
        this.exit = callback;
    }

    @Override
    public void setInputStream(final InputStream in) {
        // input comes through the data receiver
    }

    @Override
    public void setOutputStream(final OutputStream output) {
        // output goes through the asynchronous stream
    }

    @Override
    public void setErrorStream(final OutputStream err) {
        // the shell writes everything to its output, as a terminal would show it
    }

    @Override
    public void start(final ChannelSession channel, final Environment env) {
        channel.setDataReceiver(this);
        final String prompt;
        synchronized (engine) {
            prompt = engine.prompt(mode);
        }
        send("\r\n" + prompt + " ");
    }

    @Override
    public int data(final ChannelSession channel, final byte[] buf, final int start, final int len) {
        final String text = new String(buf, start, len, StandardCharsets.UTF_8);
        for (int i = 0; i < text.length(); i++) {
            final char c = text.charAt(i);
            if (c == '\r' || c == '\n') {
                if (c == '\n' && lastWasCr) {
                    lastWasCr = false;
                    continue;
                }
                lastWasCr = c == '\r';
                enter();
            } else {
                lastWasCr = false;
                line.append(c);
            }
        }
        return len;
    }

    private void enter() {
        final String typed = line.toString();
        line.setLength(0);
        final String output;
        final String prompt;
        synchronized (engine) {
            output = engine.execute(mode, typed);
            prompt = engine.prompt(mode);
        }
        if (output == null) {
            send(typed + "\r\n");
            Objects.requireNonNull(exit, "SSH set no exit callback").onExit(0);
            return;
        }
        final StringBuilder reply = new StringBuilder(typed).append("\r\n");
        if (!output.isEmpty()) {
            reply.append(output.replace("\n", "\r\n")).append("\r\n");
        }
        send(reply.append(prompt).append(' ').toString());
    }

    /** Queue output; sshd's asynchronous stream takes one write at a time. */
    private void send(final String text) {
        synchronized (pending) {
            pending.add(text.getBytes(StandardCharsets.UTF_8));
            if (writing) {
                return;
            }
            writing = true;
        }
        writeNext();
    }

    private void writeNext() {
        final byte[] next;
        synchronized (pending) {
            next = pending.poll();
            if (next == null) {
                writing = false;
                return;
            }
        }
        try {
            Objects.requireNonNull(out, "SSH set no output stream").writeBuffer(new ByteArrayBuffer(next))
                .addListener(done -> writeNext());
        } catch (IOException e) {
            synchronized (pending) {
                pending.clear();
                writing = false;
            }
        }
    }

    @Override
    public void destroy(final ChannelSession channel) {
        synchronized (pending) {
            pending.clear();
        }
    }

    @Override
    public void close() {
        // nothing held
    }
}
