package io.sextant.perf.faults;

import java.util.Optional;

/**
 * The change one commit makes on one device: a new description of its fault interface, and
 * possibly the extra interface created or deleted; {@code rejected} marks the change the device
 * refuses (a value its own model forbids though the controller's allows, or a line it rejects).
 */
public record DeviceEdit(String description, Optional<Boolean> extra, boolean rejected) {
}
