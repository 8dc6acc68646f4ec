package io.sextant.simulator;

import java.time.Duration;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import org.opendaylight.yang.gen.v1.urn.ietf.params.xml.ns.netconf.base._1._0.rev110601.SessionIdType;
import org.opendaylight.yangtools.yang.common.ErrorTag;
import org.opendaylight.yangtools.yang.common.ErrorType;
import org.opendaylight.yangtools.yang.common.QName;
import org.opendaylight.yangtools.yang.common.QNameModule;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * The operations of a simulated device (RFC 6241 and RFC 6022 get-schema), one small class each.
 * close-session and the EXI operations are the server's own.
 */
final class Operations {
    static final String MONITORING_NS = "urn:ietf:params:xml:ns:yang:ietf-netconf-monitoring";

    private Operations() {
    }

    static Set<DeviceOperation> forSession(final SimulatedDevice device, final SessionIdType session) {
        return Set.of(new GetConfig(device, session), new Get(device, session), new EditConfig(device, session),
            new Lock(device, session), new Unlock(device, session), new Commit(device, session),
            new CancelCommit(device, session), new DiscardChanges(device, session), new Validate(device, session),
            new GetSchema(device, session));
    }

    /** The top-level nodes a subtree filter selects (empty: all); the server applies the filter itself. */
    static Set<QName> filterRoots(final DeviceSchema schema, final Element operation) throws RpcError {
        final Optional<Element> filter = DeviceOperation.child(operation, "filter");
        if (filter.isEmpty()) {
            return Set.of();
        }
        final String type = filter.get().getAttribute("type");
        if (!type.isEmpty() && !"subtree".equals(type)) {
            throw RpcError.of(ErrorType.PROTOCOL, ErrorTag.OPERATION_NOT_SUPPORTED,
                "Filter type " + type + " is not supported (no :xpath)").withInfo("bad-attribute", "type");
        }
        final Set<QName> roots = new HashSet<>();
        for (Element top : ConfigEdit.children(filter.get())) {
            final Optional<QNameModule> module = top.getNamespaceURI() == null ? Optional.empty()
                : schema.module(top.getNamespaceURI());
            module.ifPresent(m -> roots.add(QName.create(m, top.getLocalName())));
        }
        // a filter that names nothing this device knows selects nothing: keep a name no node has
        return roots.isEmpty() ? Set.of(QName.create("urn:sextant:simulator:none", "none")) : roots;
    }

    static Element data(final Document document, final SimulatedDevice device, final Datastore source,
            final Element operation) throws RpcError {
        final Element data = document.createElementNS(RpcError.BASE_NS, "data");
        DataWriter.write(device.schema(), device.datastore().read(source), filterRoots(device.schema(), operation),
            data);
        return data;
    }

    static final class GetConfig extends DeviceOperation {
        GetConfig(final SimulatedDevice device, final SessionIdType session) {
            super("get-config", device, session);
        }

        @Override
        Element execute(final Document document, final Element operation) throws RpcError {
            return data(document, device, datastore(operation, "source"), operation);
        }
    }

    /** get: the running configuration (the device has no state data). */
    static final class Get extends DeviceOperation {
        Get(final SimulatedDevice device, final SessionIdType session) {
            super("get", device, session);
        }

        @Override
        Element execute(final Document document, final Element operation) throws RpcError {
            return data(document, device, Datastore.RUNNING, operation);
        }
    }

    static final class EditConfig extends DeviceOperation {
        EditConfig(final SimulatedDevice device, final SessionIdType session) {
            super("edit-config", device, session);
        }

        @Override
        Element execute(final Document document, final Element operation) throws RpcError {
            final Datastore target = datastore(operation, "target");
            final Optional<String> defaultText = text(operation, "default-operation");
            final ConfigEdit.Operation defaultOperation = defaultText.isPresent()
                ? ConfigEdit.Operation.parseDefault(defaultText.get()) : ConfigEdit.Operation.MERGE;
            final String testOption = text(operation, "test-option").orElse("test-then-set");
            if (child(operation, "url").isPresent()) {
                throw RpcError.of(ErrorType.PROTOCOL, ErrorTag.OPERATION_NOT_SUPPORTED, ":url is not supported")
                    .withInfo("bad-element", "url");
            }
            device.datastore().edit(session, target, required(operation, "config"), defaultOperation,
                "test-only".equals(testOption));
            return ok(document);
        }
    }

    static final class Lock extends DeviceOperation {
        Lock(final SimulatedDevice device, final SessionIdType session) {
            super("lock", device, session);
        }

        @Override
        Element execute(final Document document, final Element operation) throws RpcError {
            device.datastore().lock(session, datastore(operation, "target"));
            return ok(document);
        }
    }

    static final class Unlock extends DeviceOperation {
        Unlock(final SimulatedDevice device, final SessionIdType session) {
            super("unlock", device, session);
        }

        @Override
        Element execute(final Document document, final Element operation) throws RpcError {
            device.datastore().unlock(session, datastore(operation, "target"));
            return ok(document);
        }
    }

    static final class Commit extends DeviceOperation {
        Commit(final SimulatedDevice device, final SessionIdType session) {
            super("commit", device, session);
        }

        @Override
        Element execute(final Document document, final Element operation) throws RpcError {
            final boolean confirmed = child(operation, "confirmed").isPresent();
            Duration timeout = CommitOptions.DEFAULT_TIMEOUT;
            final Optional<String> seconds = text(operation, "confirm-timeout");
            if (seconds.isPresent()) {
                try {
                    timeout = Duration.ofSeconds(Long.parseUnsignedLong(seconds.get()));
                } catch (NumberFormatException e) {
                    throw RpcError.of(ErrorType.PROTOCOL, ErrorTag.INVALID_VALUE,
                        "confirm-timeout must be a number of seconds").withInfo("bad-element", "confirm-timeout");
                }
                if (timeout.isZero()) {
                    throw RpcError.of(ErrorType.PROTOCOL, ErrorTag.INVALID_VALUE,
                        "confirm-timeout must be at least 1").withInfo("bad-element", "confirm-timeout");
                }
            }
            device.datastore().commit(session, new CommitOptions(confirmed, timeout, text(operation, "persist"),
                text(operation, "persist-id")));
            return ok(document);
        }
    }

    static final class CancelCommit extends DeviceOperation {
        CancelCommit(final SimulatedDevice device, final SessionIdType session) {
            super("cancel-commit", device, session);
        }

        @Override
        Element execute(final Document document, final Element operation) throws RpcError {
            device.datastore().cancelCommit(session, text(operation, "persist-id"));
            return ok(document);
        }
    }

    static final class DiscardChanges extends DeviceOperation {
        DiscardChanges(final SimulatedDevice device, final SessionIdType session) {
            super("discard-changes", device, session);
        }

        @Override
        Element execute(final Document document, final Element operation) throws RpcError {
            device.datastore().discardChanges(session);
            return ok(document);
        }
    }

    static final class Validate extends DeviceOperation {
        Validate(final SimulatedDevice device, final SessionIdType session) {
            super("validate", device, session);
        }

        @Override
        Element execute(final Document document, final Element operation) throws RpcError {
            device.datastore().validate(datastore(operation, "source"));
            return ok(document);
        }
    }

    /** RFC 6022 get-schema of a module or submodule this device advertises, in YANG. */
    static final class GetSchema extends DeviceOperation {
        GetSchema(final SimulatedDevice device, final SessionIdType session) {
            super("get-schema", device, session);
        }

        @Override
        protected String getOperationNamespace() {
            return MONITORING_NS;
        }

        @Override
        Element execute(final Document document, final Element operation) throws RpcError {
            final String identifier = text(operation, "identifier").orElseThrow(() -> RpcError.of(ErrorType.PROTOCOL,
                ErrorTag.MISSING_ELEMENT, "Missing element identifier").withInfo("bad-element", "identifier"));
            final Optional<String> format = text(operation, "format");
            if (format.isPresent() && !format.get().endsWith("yang")) {
                throw RpcError.of(ErrorType.APPLICATION, ErrorTag.INVALID_VALUE, "Only format yang is served")
                    .withInfo("bad-element", "format");
            }
            final Optional<String> version = text(operation, "version").filter(v -> !v.isEmpty());
            final String text = device.schema().source(identifier, version).orElseThrow(() -> RpcError.of(
                ErrorType.APPLICATION, ErrorTag.INVALID_VALUE, "No schema " + identifier
                    + version.map(v -> "@" + v).orElse("")).withInfo("bad-element", "identifier"));
            final Element data = document.createElementNS(MONITORING_NS, "data");
            data.setTextContent(text);
            return data;
        }
    }
}
