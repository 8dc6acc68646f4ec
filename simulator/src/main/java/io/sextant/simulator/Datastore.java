package io.sextant.simulator;

import java.util.Locale;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;

/** The datastores a simulated device has: running (not writable directly) and candidate. */
enum Datastore {
    RUNNING, CANDIDATE;

    /** The datastore an element such as {@code <source><candidate/></source>} names. */
    static Datastore named(final String name) throws RpcError {
        return switch (name) {
            case "running" -> RUNNING;
            case "candidate" -> CANDIDATE;
            default -> throw RpcError.of(ErrorType.PROTOCOL, ErrorTag.INVALID_VALUE,
                "Datastore " + name + " is not supported").withInfo("bad-element", name);
        };
    }

    String elementName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
