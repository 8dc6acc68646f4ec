package io.sextant.restconf;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A Python tool from PyPI in a virtual environment of its own under {@code target/}, installed
 * with pip on first use (as the build fetches the OpenConfig models from PyPI). A tool that
 * cannot be installed fails the test saying why; nothing is skipped.
 */
final class PythonTool {
    private final Path venv;

    private PythonTool(final Path venv) {
        this.venv = venv;
    }

    /** {@code python3 -m venv target/<name>}, then {@code pip install <requirement>} unless already there. */
    static PythonTool install(final String name, final String requirement) throws IOException, InterruptedException {
        final Path venv = Path.of("target", name).toAbsolutePath();
        final Path marker = venv.resolve("installed.txt");
        if (!Files.isRegularFile(marker) || !Files.readString(marker).equals(requirement)) {
            run(List.of("python3", "-m", "venv", venv.toString()), "create a Python virtual environment at " + venv
                + " (python3 with the venv module is needed)");
            run(List.of(venv.resolve("bin/pip").toString(), "install", "--disable-pip-version-check", "-q",
                requirement), "pip install " + requirement + " (PyPI must be reachable)");
            Files.writeString(marker, requirement);
        }
        return new PythonTool(venv);
    }

    /** Run {@code bin/<command> args...}: its exit status and output. */
    Result run(final String command, final String... args) throws IOException, InterruptedException {
        final List<String> cmd = new ArrayList<>();
        cmd.add(venv.resolve("bin").resolve(command).toString());
        cmd.addAll(List.of(args));
        final Process process = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        final byte[] out = process.getInputStream().readAllBytes();
        if (!process.waitFor(15, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            fail(String.join(" ", cmd) + " did not finish within 15 minutes");
        }
        return new Result(process.exitValue(), new String(out, StandardCharsets.UTF_8));
    }

    record Result(int status, String output) {
    }

    private static void run(final List<String> cmd, final String what) throws IOException, InterruptedException {
        final Process process = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        final byte[] out = process.getInputStream().readAllBytes();
        if (!process.waitFor(10, TimeUnit.MINUTES) || process.exitValue() != 0) {
            fail("Could not " + what + ": " + new String(out, StandardCharsets.UTF_8));
        }
    }
}
