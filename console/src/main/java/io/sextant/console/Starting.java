package io.sextant.console;

import io.sextant.persistence.StateReport;
import java.io.PrintStream;

/**
 * What a command says while the controller's services are not there yet (they start once the
 * database can be used). The commands take those services as optional references for this
 * reason: Karaf registers a bundle's commands only when every mandatory reference of every one
 * of them is there, and "Command not found" tells an operator nothing.
 */
final class Starting {
    private Starting() {
    }

    static Object report(final PrintStream out, final StateReport state) {
        out.println("The controller is starting: " + state.describe());
        out.flush();
        return null;
    }
}
