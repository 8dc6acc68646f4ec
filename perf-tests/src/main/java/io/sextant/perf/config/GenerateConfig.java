package io.sextant.perf.config;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Command line: writes one generated configuration.
 *
 * <pre>
 * GenerateConfig cpe|router [--lines N] [--seed S] [--out FILE]
 * </pre>
 *
 * <p>Without {@code --out} the JSON goes to standard output; a one-line summary (lines, units,
 * milliseconds) always goes to standard error.
 */
public final class GenerateConfig {
    private GenerateConfig() {
    }

    public static void main(final String[] args) throws IOException {
        if (args.length == 0 || !(args[0].equals("cpe") || args[0].equals("router"))) {
            System.err.println("usage: GenerateConfig cpe|router [--lines N] [--seed S] [--out FILE]");
            System.exit(2);
        }
        final DeviceProfile profile = args[0].equals("cpe") ? DeviceProfile.CPE : DeviceProfile.PE_ROUTER;
        int lines = profile.defaultLines();
        long seed = 1;
        Path out = null;
        for (int i = 1; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--lines" -> lines = Integer.parseInt(args[i + 1]);
                case "--seed" -> seed = Long.parseLong(args[i + 1]);
                case "--out" -> out = Path.of(args[i + 1]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        final long start = System.nanoTime();
        final GeneratedConfig config = ConfigGenerator.generate(profile, seed, lines);
        final String json = config.json();
        final long millis = (System.nanoTime() - start) / 1_000_000;
        if (out == null) {
            final PrintStream stdout = new PrintStream(System.out, false, StandardCharsets.UTF_8);
            stdout.println(json);
            stdout.flush();
        } else {
            Files.writeString(out, json + "\n");
        }
        System.err.printf("%s seed %d: %d lines, %d units, %d bytes, generated in %d ms%n", profile, seed,
            config.lines(), config.units(), json.length(), millis);
    }
}
