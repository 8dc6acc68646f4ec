package io.sextant.testing.frr;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.eclipse.jdt.annotation.Nullable;

/** Runs a host command to completion and returns what it printed (stdout and stderr merged). */
final class HostCommand {
    private static final long TIMEOUT_SECONDS = 600;

    private HostCommand() {
    }

    /** The result of one command. */
    record Result(int exitCode, String output) {
        boolean ok() {
            return exitCode == 0;
        }
    }

    /** Run and fail when the exit code is not zero. */
    static String run(final List<String> command) {
        return run(command, Map.of(), null);
    }

    static String run(final List<String> command, final Map<String, String> environment, final @Nullable String stdin) {
        final Result result = tryRun(command, environment, stdin);
        if (!result.ok()) {
            throw new IllegalStateException("Command " + command + " exited with " + result.exitCode() + ": "
                + result.output().strip());
        }
        return result.output();
    }

    /** Run and report the exit code instead of failing. */
    static Result tryRun(final List<String> command) {
        return tryRun(command, Map.of(), null);
    }

    static Result tryRun(final List<String> command, final Map<String, String> environment,
            final @Nullable String stdin) {
        final ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().putAll(environment);
        try {
            final Process process = builder.start();
            try (OutputStream in = process.getOutputStream()) {
                if (stdin != null) {
                    in.write(stdin.getBytes(StandardCharsets.UTF_8));
                }
            }
            final String output;
            try (InputStream out = process.getInputStream()) {
                output = new String(out.readAllBytes(), StandardCharsets.UTF_8);
            }
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException("Command " + command + " did not finish in " + TIMEOUT_SECONDS + " s");
            }
            return new Result(process.exitValue(), output);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot run " + command, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while running " + command, e);
        }
    }
}
