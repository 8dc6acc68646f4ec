package io.sextant.console;

import io.sextant.datastore.ControllerStores;
import io.sextant.spi.ControllerInfo;
import io.sextant.persistence.StateReport;
import io.sextant.security.audit.AuditLog;
import io.sextant.security.service.AccessControl;
import io.sextant.southbound.cli.raw.RawCli;
import io.sextant.southbound.netconf.NetconfDevices;
import io.sextant.uniconfig.UniconfigService;
import org.eclipse.jdt.annotation.Nullable;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;

/**
 * The controller's services as the console's commands and completers see them: the one service
 * they reference. Karaf's shell unregisters and registers again every command of a bundle
 * whenever any service one of them references comes, goes or changes, and a command typed in that
 * window answers "Command not found" (seen while the controller's services were still arriving
 * after the commands had already answered). This component is registered once when the console
 * bundle starts and never changes; the services behind it come and go as optional, dynamic
 * references, and a getter answers {@code null} while its service is not there (the commands
 * then say the controller is starting).
 */
@Component(service = ConsoleServices.class, immediate = true)
public final class ConsoleServices {
    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    private volatile @Nullable UniconfigService uniconfig;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    private volatile @Nullable AccessControl control;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    private volatile @Nullable AuditLog audit;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    private volatile @Nullable ControllerInfo info;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    private volatile @Nullable NetconfDevices netconf;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    private volatile @Nullable ControllerStores datastores;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    private volatile @Nullable StateReport state;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC)
    private volatile @Nullable RawCli rawCli;

    @Nullable UniconfigService uniconfig() {
        return uniconfig;
    }

    @Nullable AccessControl control() {
        return control;
    }

    /** The audit log, or {@link AuditLog#NONE} while it is not there. */
    AuditLog audit() {
        final AuditLog now = audit;
        return now != null ? now : AuditLog.NONE;
    }

    @Nullable ControllerInfo info() {
        return info;
    }

    @Nullable NetconfDevices netconf() {
        return netconf;
    }

    @Nullable ControllerStores datastores() {
        return datastores;
    }

    @Nullable RawCli rawCli() {
        return rawCli;
    }

    /** What the controller waits for while it starts; where state is kept once it runs. */
    String state() {
        final StateReport now = state;
        return now != null ? now.describe() : "its state backend is not there yet";
    }
}
