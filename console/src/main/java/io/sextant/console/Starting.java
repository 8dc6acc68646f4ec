package io.sextant.console;

import java.io.PrintStream;
import org.eclipse.jdt.annotation.Nullable;

/**
 * What a command says while the controller's services are not there yet (they start once the
 * database can be used). The commands reach those services through {@link ConsoleServices},
 * which is there from the console bundle's start: Karaf registers a bundle's commands only when
 * every mandatory reference of every one of them is there, and "Command not found" tells an
 * operator nothing.
 */
final class Starting {
    private Starting() {
    }

    static @Nullable Object report(final PrintStream out, final ConsoleServices services) {
        out.println("The controller is starting: " + services.state());
        out.flush();
        return null;
    }
}
